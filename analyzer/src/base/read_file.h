/* Read a whole file into memory. */
#ifndef GENDISK_LINT_READ_FILE_H
#define GENDISK_LINT_READ_FILE_H

#include <stddef.h>

/*
 * The file's bytes with a terminating '\0' added (owned by the caller), its
 * length in *len when len is not NULL; NULL with errno set when it cannot be
 * opened or read.
 */
char *read_file(const char *path, size_t *len);

#endif
