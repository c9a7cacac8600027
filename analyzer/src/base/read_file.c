/* Read a whole file into memory. */
#include "read_file.h"

#include "string_list.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

char *read_file(const char *path, size_t *len_out)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	int err;

	if (!f)
		return NULL;
	do {
		if (cap - len < 16384) {
			cap = cap ? cap * 2 : 65536;
			buf = xrealloc(buf, cap + 1);
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	err = ferror(f) ? (errno ? errno : EIO) : 0;
	fclose(f);
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[len] = '\0';
	if (len_out)
		*len_out = len;
	return buf;
}
