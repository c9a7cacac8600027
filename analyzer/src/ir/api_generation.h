/*
 * A driver written for another kernel generation calls lifecycle
 * functions the parsed headers do not declare (alloc_disk() on 6.12,
 * blk_mq_alloc_queue() on 6.1): one note per file says so.
 */
#ifndef GENDISK_LINT_API_GENERATION_H
#define GENDISK_LINT_API_GENERATION_H

#include "string_list.h"

/*
 * The note for the undeclared functions of a file (tu_undeclared_functions)
 * that are block-layer API of another kernel, or NULL when none is.
 * version_code: the parsed headers' LINUX_VERSION_CODE.
 * Owned by the caller; without the "gendisk-lint: FILE: note: " prefix.
 */
char *api_generation_note(const struct string_list *undeclared, int version_code);

#endif
