/*
 * The function definitions of a C file read from its text alone, without
 * parsing it: enough to decide whether another file of a module is worth
 * a parse.  Comments, string and character literals and preprocessor
 * lines are blanked first; a definition is a top-level "NAME(...) ... {"
 * (attribute-like trailers such as __releases(x) skipped), its body runs
 * to the matching brace.  For each definition the identifiers it calls
 * and whether its body spells one of a set of tokens are kept, so
 * text_definitions_reaching() can tell which functions reach a token
 * directly or through other functions of the same text.
 */
#ifndef GENDISK_LINT_TEXT_DEFINITIONS_H
#define GENDISK_LINT_TEXT_DEFINITIONS_H

#include "string_list.h"

/* Adds to out the names of the functions text defines whose bodies call a
 * name of tokens (an identifier followed by '('), directly or through the
 * functions text defines; returns how many were added. */
unsigned text_definitions_reaching(const char *text, const struct string_list *tokens,
				   struct string_list *out);

/* Does text call one of names (an identifier followed by '(' outside
 * comments, literals and preprocessor lines)? */
int text_calls_any(const char *text, const struct string_list *names);

#endif
