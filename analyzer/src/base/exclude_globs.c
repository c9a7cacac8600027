/* The exclude globs of a .gendisk-lint file: checking and matching them. */
#include "exclude_globs.h"

#include "string_list.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

/* Index just past the ']' closing the bracket expression at p[0] == '[', or 0. */
static size_t bracket_end(const char *p)
{
	size_t i = 1;

	if (p[i] == '!' || p[i] == '^')
		i++;
	if (p[i] == ']')
		i++; /* a leading ']' is a member */
	for (; p[i] && p[i] != '/'; i++)
		if (p[i] == ']')
			return i + 1;
	return 0;
}

int exclude_glob_check(const char *pattern, const char **why)
{
	const char *p = pattern;

	if (!*p) {
		*why = "empty exclude pattern";
		return -1;
	}
	if (*p == '/') {
		*why = "exclude patterns are relative to the config's directory, not absolute";
		return -1;
	}
	for (const char *c = p; *c; c++) {
		if (*c == '\\') {
			if (!c[1]) {
				*why = "exclude pattern ends in a lone '\\'";
				return -1;
			}
			c++;
		} else if (*c == '[') {
			size_t n = bracket_end(c);

			if (!n) {
				*why = "unterminated '[' in exclude pattern";
				return -1;
			}
			c += n - 1;
		} else if (*c == '.' && c[1] == '.' && (c == p || c[-1] == '/') &&
			   (c[2] == '/' || c[2] == '\0')) {
			*why = "'..' in an exclude pattern (it cannot leave the config's directory)";
			return -1;
		}
	}
	return 0;
}

static int match_components(const char *pattern, const char *rel)
{
	const char *start = rel;

	for (;;) {
		const char *slash = strchr(start, '/');
		size_t n = slash ? (size_t)(slash - start) : strlen(start);
		char *comp = xstrndup(start, n);
		int hit = fnmatch(pattern, comp, FNM_PATHNAME) == 0;

		free(comp);
		if (hit)
			return 1;
		if (!slash)
			return 0;
		start = slash + 1;
	}
}

/* REL itself or one of its leading directories matches the anchored pattern. */
static int match_anchored(const char *pattern, const char *rel)
{
	char *pat = xstrdup(pattern[0] == '.' && pattern[1] == '/' ? pattern + 2 : pattern);
	char *prefix = xstrdup(rel);
	size_t n = strlen(pat);
	int hit = 0;

	while (n > 1 && pat[n - 1] == '/')
		pat[--n] = '\0';
	for (char *end = prefix + strlen(prefix);; ) {
		*end = '\0';
		if (fnmatch(pat, prefix, FNM_PATHNAME) == 0) {
			hit = 1;
			break;
		}
		end = strrchr(prefix, '/');
		if (!end)
			break;
	}
	free(prefix);
	free(pat);
	return hit;
}

int exclude_glob_match(const char *pattern, const char *rel)
{
	if (strchr(pattern, '/'))
		return match_anchored(pattern, rel);
	return match_components(pattern, rel);
}
