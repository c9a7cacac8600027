/* Does a file fit the header cache: nothing before its includes that could change them? */
#ifndef GENDISK_LINT_INCLUDE_PREFIX_H
#define GENDISK_LINT_INCLUDE_PREFIX_H

/*
 * With a precompiled header the cached headers are read before the first
 * line of the file.  That is the same parse as the file's own when the file
 * includes at least one of them and, before its last include of one, has
 * only #include <...> lines (kernel headers do not depend on their order)
 * and definitions of pr_fmt/dev_fmt (the headers define those only when
 * undefined; the file's own definition still governs its code).  A
 * #define DEBUG, an #if, an #undef or a quoted #include earlier can change
 * what the headers declare: such files are parsed the plain way.
 * text: the file's contents, '\0'-terminated; headers: NULL-terminated.
 * When it does not fit, *line is the directive that prevents it, or 0
 * when the file includes none of the headers.
 */
int include_prefix_fits(const char *text, const char *const *headers, unsigned *line);

#endif
