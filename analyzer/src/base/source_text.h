/* The lines of an analysed file, read again for suppressions and fingerprints. */
#ifndef GENDISK_LINT_SOURCE_TEXT_H
#define GENDISK_LINT_SOURCE_TEXT_H

#include <stddef.h>

struct source_text {
	char *data;      /* the file, with each '\n' replaced by '\0' */
	char **lines;    /* lines[0] is line 1 */
	size_t nlines;
};

/* 0 on success; an unreadable file gives an empty text and -1. */
int source_text_load(const char *path, struct source_text *src);
/* The same from a text in memory (copied). */
void source_text_from_buffer(const char *text, size_t len, struct source_text *src);
/* Line n (1-based), or "" past the end. */
const char *source_line(const struct source_text *src, unsigned n);
void source_text_free(struct source_text *src);

#endif
