/* Files of a kernel source tree: its root, its version, kbuild's include paths for them. */
#ifndef GENDISK_LINT_KERNEL_TREE_H
#define GENDISK_LINT_KERNEL_TREE_H

#include "string_list.h"

/*
 * Is dir the root of a kernel source tree?  A top-level Makefile that sets
 * VERSION and PATCHLEVEL, and include/linux/blkdev.h (a Kbuild file is not
 * needed: trees cut down to block/ and a few drivers have none).  Fills
 * *version with VERSION * 256 + PATCHLEVEL when it is.
 */
int kernel_tree_root(const char *dir, int *version);

/*
 * The root of the kernel source tree path lies in (a new real path, owned
 * by the caller), or NULL; *version as kernel_tree_root() gives it.
 */
char *kernel_tree_of(const char *path, int *version);

/*
 * VERSION * 256 + PATCHLEVEL of the headers of a kbuild dir, from its
 * include/generated/uapi/linux/version.h (or the tree's Makefile when it
 * is a source tree itself), or -1.
 */
int kernel_tree_kdir_version(const char *kdir);

/*
 * base: a kdir's translated compile flags.  out: the same flags with the
 * kdir's source headers (the tree its -include .../include/linux/kconfig.h
 * lies in: include/, arch/x86/include, include/uapi ...) replaced by root's,
 * where root has them; the generated headers (include/generated,
 * arch/x86/include/generated, the config) stay the kdir's.  Returns 1 when
 * anything was replaced, 0 when the flags name no source tree.
 */
int kernel_tree_flags(const struct string_list *base, const char *root, struct string_list *out);

/*
 * The include dirs kbuild gives a file of the tree besides the kernel's
 * own (-I$(srctree)/$(src): the file's directory, where a trace header
 * named by TRACE_INCLUDE_PATH "." and the directory's private headers lie).
 */
void kernel_tree_file_includes(const char *root, const char *file, struct string_list *out);

#endif
