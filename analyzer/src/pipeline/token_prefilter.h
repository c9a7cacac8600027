/* Token prefilter: a file in which no enabled rule's trigger token occurs is not parsed. */
#ifndef GENDISK_LINT_TOKEN_PREFILTER_H
#define GENDISK_LINT_TOKEN_PREFILTER_H

#include "string_list.h"

/*
 * Parsing is the whole cost of a file (~0.5-1 s), and most files of a
 * tree like drivers/ never touch a gendisk.  As Coccinelle does with its
 * tokens, each rule names the identifiers of which one must occur for it
 * to report anything (rules.h, .tokens); a file that contains none of the
 * enabled rules' tokens, itself or in the local headers it includes
 * (quoted includes, recursively, resolved as local_headers.h says), cannot
 * produce a finding and is not parsed.  Macros of kernel headers are not
 * followed: the tokens are chosen to be substrings of every kernel-header
 * spelling too (alloc_disk for blk_alloc_disk/__blk_alloc_disk).
 */

/*
 * The union of the enabled rules' tokens in *out; 0 when some enabled
 * rule has none (it may fire anywhere: the prefilter is off), 1 otherwise.
 */
int token_prefilter_tokens(const unsigned char *rule_enabled, struct string_list *out);

/*
 * Does one of tokens occur in text (the contents of path) or in a local
 * header it includes?  flags/extra give the -I/-iquote dirs.
 */
int token_prefilter_hit(const char *path, const char *text, const struct string_list *flags,
			const struct string_list *extra, const struct string_list *tokens);

#endif
