/* Does a file fit the header cache: nothing before its includes that could change them? */
#ifndef GENDISK_LINT_INCLUDE_PREFIX_H
#define GENDISK_LINT_INCLUDE_PREFIX_H

#include "string_list.h"

/*
 * With a precompiled header the cached headers are read before the first
 * line of the file.  That is the same parse as the file's own when the file
 * includes at least one of them and, before its last first include of
 * one (include guards make the later ones no-ops), has only #include <...>
 * lines (kernel headers do not depend on their order) and definitions of
 * pr_fmt/dev_fmt, #undef of them included (the headers define those only
 * when undefined; the file's own definition still governs its code).  A
 * #define DEBUG, an #if, another #undef earlier can change what the
 * headers declare: such files are parsed the plain way.  A #define or
 * #undef of a name that no file of the cached headers mentions cannot
 * (KMSG_COMPONENT, DEVICE_NAME), nor an #undef of one none of them
 * defines when nothing before it could have (not the command line, the
 * compiler, another header or the file): with ctx->name_use, which tells
 * what the cached headers do with a name, those are harmless too.
 *
 * A quoted include of a local header (local_headers.h: found in the
 * file's or a local -I dir) is read as if its lines stood in the file: a
 * header of the driver that starts with the cached headers makes the file
 * fit, one that defines something before them does not.  Its include
 * guard (#ifndef X / #define X ... #endif around the whole header, or
 * #pragma once) is harmless.  A quoted include that is not found, or
 * nests deeper than 16, counts as a directive that may change the headers.
 *
 * text: the file's contents, '\0'-terminated; path: its name (for the
 * quoted includes); flags/extra: its -I/-iquote dirs; headers:
 * NULL-terminated.  When it does not fit, *line is the file's line whose
 * directive (or whose local header's directive) prevents it, or 0 when
 * the file includes none of the headers.
 */
struct include_context {
	const char *path;
	const struct string_list *flags, *extra;
	/* NULL, or what the cached headers' files do with name[0..len): 0
	 * nothing, else INCLUDE_NAME_MENTIONED, | INCLUDE_NAME_DEFINED when
	 * one #defines it; -1: unknown */
	int (*name_use)(const struct include_context *ctx, const char *name, size_t len);
	void *data; /* for name_use */
};

#define INCLUDE_NAME_MENTIONED 1
#define INCLUDE_NAME_DEFINED 2

int include_prefix_fits(const char *text, const struct include_context *ctx,
			const char *const *headers, unsigned *line);

#endif
