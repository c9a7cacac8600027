/* A kbuild directory's Kbuild or Makefile, read as text: its assignments and their words. */
#ifndef GENDISK_LINT_KBUILD_MAKEFILE_H
#define GENDISK_LINT_KBUILD_MAKEFILE_H

#include <stddef.h>

/* dir's Kbuild, else its Makefile (owned), or NULL when it has neither. */
char *kbuild_makefile_text(const char *dir);

/*
 * Calls fn for each assignment of text (NAME = VALUE with =, :=, += or
 * ?=, one per logical line): name and its length, and value, which runs
 * to the end of the logical line (read it with kbuild_value_word).  Read,
 * not run: assignments behind make conditionals are all given.
 */
void kbuild_makefile_assignments(const char *text,
				 void (*fn)(const char *name, size_t n, const char *value,
					    void *ctx),
				 void *ctx);

/* The next word of a value at *p (owned), blanks and line continuations
 * skipped, or NULL at the end of the logical line or at a comment. */
char *kbuild_value_word(const char **p);

#endif
