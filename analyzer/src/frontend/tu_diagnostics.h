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

struct string_list;

/*
 * The headers of the "'x.h' file not found" errors, in order, the first
 * max of them appended to names (each once); returns how many such
 * errors there are.
 */
unsigned tu_missing_headers(CXTranslationUnit tu, struct string_list *names, unsigned max);

/*
 * The functions called without a declaration ("call to undeclared
 * function 'x'", older clangs: "implicit declaration of function 'x'"),
 * each once, in order of first call, appended to names.
 */
void tu_undeclared_functions(CXTranslationUnit tu, struct string_list *names);

#endif
