/*
 * The pre-patch text of one file, rebuilt from its patched text and the
 * patch's hunks (the patch applied in reverse, in memory).
 */
#ifndef GENDISK_LINT_DIFF_REVERSE_H
#define GENDISK_LINT_DIFF_REVERSE_H

#include "unified_diff.h"

#include <stddef.h>

/*
 * new_text/new_len: the file as it is now (the patched state).  On success
 * returns 0 and sets *old_text (owned, NUL-terminated) and *old_len; -1 with
 * a message in err when the hunks do not match the text (the tree is not
 * the patched state).
 */
int diff_reverse_apply(const struct diff_file *f, const char *new_text, size_t new_len,
		       char **old_text, size_t *old_len, char *err, size_t errlen);

#endif
