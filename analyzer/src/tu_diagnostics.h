/* What a parse's error diagnostics say. */
#ifndef GENDISK_LINT_TU_DIAGNOSTICS_H
#define GENDISK_LINT_TU_DIAGNOSTICS_H

#include <clang-c/Index.h>

/*
 * The number of error (and fatal) diagnostics of tu; in *matching (when
 * not NULL) how many of them contain one of the NULL-terminated needles.
 */
unsigned tu_error_count(CXTranslationUnit tu, const char *const *needles, unsigned *matching);

/* The text of the first error diagnostic (owned by the caller), or NULL. */
char *tu_first_error(CXTranslationUnit tu);

#endif
