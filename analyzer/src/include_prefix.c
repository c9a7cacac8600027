/* Does a file fit the header cache: nothing before its includes that could change them? */
#include "include_prefix.h"

#include <ctype.h>
#include <string.h>

enum directive_kind { D_ANGLE_INCLUDE, D_HARMLESS_DEFINE, D_OTHER };

struct directive {
	enum directive_kind kind;
	const char *name;   /* the header of an angle include */
	size_t name_len;
};

static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static int word_is(const char *p, const char *w)
{
	size_t n = strlen(w);

	return strncmp(p, w, n) == 0 && !isalnum((unsigned char)p[n]) && p[n] != '_';
}

/* p is just past the '#' of a directive. */
static struct directive classify(const char *p)
{
	struct directive d = { D_OTHER, NULL, 0 };

	p = skip_blanks(p);
	if (word_is(p, "include")) {
		p = skip_blanks(p + 7);
		if (*p == '<') {
			const char *end = strchr(p, '>');
			const char *nl = strchr(p, '\n');

			if (end && (!nl || end < nl)) {
				d.kind = D_ANGLE_INCLUDE;
				d.name = p + 1;
				d.name_len = (size_t)(end - p - 1);
			}
		}
	} else if (word_is(p, "define")) {
		p = skip_blanks(p + 6);
		if (word_is(p, "pr_fmt") || word_is(p, "dev_fmt") ||
		    strncmp(p, "pr_fmt(", 7) == 0 || strncmp(p, "dev_fmt(", 8) == 0)
			d.kind = D_HARMLESS_DEFINE;
	}
	return d;
}

static int is_cached(const struct directive *d, const char *const *headers)
{
	for (size_t i = 0; headers[i]; i++)
		if (strlen(headers[i]) == d->name_len && strncmp(headers[i], d->name, d->name_len) == 0)
			return 1;
	return 0;
}

int include_prefix_fits(const char *text, const char *const *headers, unsigned *line)
{
	int fits = 0, at_line_start = 1;
	unsigned lineno = 1, first_other = 0;
	const char *p = text;

	*line = 0;

	while (*p) {
		if (p[0] == '/' && p[1] == '*') {
			const char *end = strstr(p + 2, "*/");

			if (!end)
				break;
			for (; p < end; p++)
				lineno += *p == '\n';
			p = end + 2;
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
			continue;
		}
		if (*p == '\n') {
			at_line_start = 1;
			lineno++;
			p++;
			continue;
		}
		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f') {
			p++;
			continue;
		}
		if (*p == '#' && at_line_start) {
			struct directive d = classify(p + 1);

			if (d.kind == D_ANGLE_INCLUDE && is_cached(&d, headers)) {
				fits = !first_other;
				*line = first_other;
			} else if (d.kind == D_OTHER && !first_other) {
				first_other = lineno;
			}
			/* to the end of the directive, continuation lines included */
			for (; *p && !(*p == '\n' && p[-1] != '\\'); p++)
				lineno += *p == '\n';
			continue;
		}
		/* Code: harmless for the headers before it; a string or char
		 * literal could hide a comment opener, so skip it whole. */
		at_line_start = 0;
		if (*p == '"' || *p == '\'') {
			char q = *p++;

			while (*p && *p != q && *p != '\n')
				p += (*p == '\\' && p[1]) ? 2 : 1;
			if (*p == q)
				p++;
			continue;
		}
		p++;
	}
	if (fits)
		*line = 0;
	return fits;
}
