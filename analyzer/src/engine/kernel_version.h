/* The target kernel: from LINUX_VERSION_CODE in the parsed headers, or --kernel X.Y. */
#ifndef GENDISK_LINT_KERNEL_VERSION_H
#define GENDISK_LINT_KERNEL_VERSION_H

#include "string_list.h"
#include "ir.h"

#include <clang-c/Index.h>

struct lint_target {
	int version_code; /* KERNEL_VERSION(a,b,c); 0 = unknown */
	char version[16]; /* "6.12", or "" when unknown */
};

/* How an allocator reports failure. */
enum alloc_convention {
	ALLOC_RETURNS_NULL,
	ALLOC_RETURNS_ERR_PTR,
	ALLOC_RETURNS_EITHER, /* version unknown: both checks are accepted */
};

#define KERNEL_VERSION_CODE(a, b, c) (((a) << 16) + ((b) << 8) + (c))

/* "6.1" or "6.12.3" -> code; 0 if malformed. */
int kernel_version_parse(const char *s);
void lint_target_set(struct lint_target *t, int code);
/* LINUX_VERSION_CODE of the headers this TU included (generated/uapi/linux/version.h),
 * else of the version.h found in the -I directories of flags; 0 if none. */
int kernel_version_of_tu(CXTranslationUnit tu, const struct string_list *flags);
/* How the allocator reports failure on the target. */
enum alloc_convention alloc_convention_for(const struct lint_target *t, const char *allocator);
/* The same for one call: a call no header declares (IRF_UNRESOLVED) is
 * judged by its own argument count, blk_alloc_disk(node) being the
 * NULL-returning form of 6.8 and before, blk_alloc_disk(lim, node) the
 * ERR_PTR form of 6.9 on. */
enum alloc_convention alloc_convention_of_call(const struct lint_target *t,
					      const struct ir_node *call);
/* add_disk() returns int (5.15 and later, or unknown). */
int add_disk_returns_int(const struct lint_target *t);

#endif
