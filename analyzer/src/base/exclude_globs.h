/* The exclude globs of a .gendisk-lint file: checking and matching them. */
#ifndef GENDISK_LINT_EXCLUDE_GLOBS_H
#define GENDISK_LINT_EXCLUDE_GLOBS_H

/* 0 if PATTERN is a usable exclude glob, else -1 with *why set to a static
 * message (empty, absolute, "..", unterminated '[', trailing '\'). */
int exclude_glob_check(const char *pattern, const char **why);

/*
 * 1 if REL, a '/'-separated path relative to the config's directory,
 * is excluded by PATTERN (gitignore-like):
 *   - a pattern without '/' matches any single component (file or directory
 *     name) of REL: "*_test.c", "legacy";
 *   - a pattern with '/' is anchored at the config's directory and matches
 *     REL or one of its leading directories: "drivers/block/legacy",
 *     "drivers/block/x-*.c" (a trailing '/' is ignored);
 *   - '*', '?' and [...] never match '/' (fnmatch with FNM_PATHNAME).
 */
int exclude_glob_match(const char *pattern, const char *rel);

#endif
