/* A file's result as bytes: how a worker process hands it to the parent. */
#ifndef GENDISK_LINT_RESULT_WIRE_H
#define GENDISK_LINT_RESULT_WIRE_H

#include "frontend.h"

#include <stddef.h>

struct wire_buffer {
	unsigned char *data;
	size_t len, cap;
};

/* Appends res to buf (findings refer to their rule by its index). */
void result_wire_encode(const struct file_result *res, struct wire_buffer *buf);
/* Decodes len bytes into *res; 0, or -1 when they are malformed. */
int result_wire_decode(const unsigned char *data, size_t len, struct file_result *res);
void wire_buffer_free(struct wire_buffer *buf);

#endif
