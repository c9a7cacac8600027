/* Line-independent fingerprints of findings (see fingerprint.h). */
#include "fingerprint.h"

#include "fnv_hash.h"
#include "string_list.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The line's text with leading/trailing whitespace dropped and runs collapsed. */
static char *normalised_line(const char *line)
{
	char *out = xmalloc(strlen(line) + 1), *o = out;
	int space = 0;

	for (; *line; line++) {
		if (*line == ' ' || *line == '\t' || *line == '\r' || *line == '\f' ||
		    *line == '\v') {
			space = o != out;
			continue;
		}
		if (space)
			*o++ = ' ';
		space = 0;
		*o++ = *line;
	}
	*o = '\0';
	return out;
}

/* FNV-1a 64 over the fields, each followed by a 0 byte. */
static uint64_t hash_fields(const char *const *fields, size_t n, uint64_t seed)
{
	uint64_t h = seed;

	for (size_t i = 0; i < n; i++)
		h = fnv1a64_str(h, fields[i]);
	return h;
}

char **fingerprints_compute(const struct finding_list *list, const char *display,
			    const struct source_text *src)
{
	char **fps = xcalloc(list->len ? list->len : 1, sizeof(*fps));
	char **texts = xcalloc(list->len ? list->len : 1, sizeof(*texts));

	for (size_t k = 0; k < list->len; k++)
		texts[k] = normalised_line(source_line(src, list->items[k].loc.line));
	for (size_t k = 0; k < list->len; k++) {
		const struct finding *f = &list->items[k];
		unsigned occurrence = 0;
		char index[16];
		const char *fields[6];
		uint64_t a, b;

		for (size_t j = 0; j < k; j++) /* earlier in file order */
			if (strcmp(list->items[j].rule_id, f->rule_id) == 0 &&
			    strcmp(list->items[j].function, f->function) == 0 &&
			    strcmp(texts[j], texts[k]) == 0)
				occurrence++;
		snprintf(index, sizeof(index), "%u", occurrence);
		fields[0] = FINGERPRINT_KEY;
		fields[1] = f->rule_id;
		fields[2] = display;
		fields[3] = f->function;
		fields[4] = texts[k];
		fields[5] = index;
		/* The second seed is the offset basis with its halves swapped. */
		a = hash_fields(fields, 6, FNV1A64_OFFSET_BASIS);
		b = hash_fields(fields, 6, 0x84222325cbf29ce4ULL);
		fps[k] = xasprintf("%016llx%016llx", (unsigned long long)a, (unsigned long long)b);
	}
	for (size_t k = 0; k < list->len; k++)
		free(texts[k]);
	free(texts);
	return fps;
}

void fingerprints_free(char **fps, size_t n)
{
	if (!fps)
		return;
	for (size_t k = 0; k < n; k++)
		free(fps[k]);
	free(fps);
}
