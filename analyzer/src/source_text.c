/* The lines of an analysed file, read again for suppressions and fingerprints. */
#include "source_text.h"

#include "read_file.h"
#include "string_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int source_text_load(const char *path, struct source_text *src)
{
	size_t len = 0;

	memset(src, 0, sizeof(*src));
	src->data = read_file(path, &len);
	if (!src->data)
		return -1;
	for (size_t i = 0, start = 0; i <= len; i++) {
		if (i < len && src->data[i] != '\n')
			continue;
		if (i == len && start == len)
			break; /* no empty line after a final newline */
		src->data[i] = '\0';
		if (i > start && src->data[i - 1] == '\r')
			src->data[i - 1] = '\0';
		src->lines = xrealloc(src->lines, (src->nlines + 1) * sizeof(*src->lines));
		src->lines[src->nlines++] = src->data + start;
		start = i + 1;
	}
	return 0;
}

const char *source_line(const struct source_text *src, unsigned n)
{
	return n >= 1 && n <= src->nlines ? src->lines[n - 1] : "";
}

void source_text_free(struct source_text *src)
{
	free(src->lines);
	free(src->data);
	memset(src, 0, sizeof(*src));
}
