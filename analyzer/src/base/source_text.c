/* The lines of an analysed file, read again for suppressions and fingerprints. */
#include "source_text.h"

#include "read_file.h"
#include "string_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* data holds len bytes (and room for one more): NUL-terminates them and records the lines. */
static void split_into_lines(struct source_text *src, size_t len)
{
	src->data[len] = '\0';
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
}

int source_text_load(const char *path, struct source_text *src)
{
	size_t len = 0;

	memset(src, 0, sizeof(*src));
	src->data = read_file(path, &len);
	if (!src->data)
		return -1;
	split_into_lines(src, len);
	return 0;
}

void source_text_from_buffer(const char *text, size_t len, struct source_text *src)
{
	memset(src, 0, sizeof(*src));
	if (!len)
		return;
	src->data = xmalloc(len + 1);
	memcpy(src->data, text, len);
	split_into_lines(src, len);
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
