/* Which flags a file of a kernel source tree is parsed with: the tree's own headers or the kdir's. */
#ifndef GENDISK_LINT_TREE_FLAGS_H
#define GENDISK_LINT_TREE_FLAGS_H

#include "string_list.h"

struct tree_flag_set {
	char *root;                  /* real path of the tree */
	int version;                 /* VERSION * 256 + PATCHLEVEL */
	int usable;                  /* its headers fit the kdir's (or there is no kdir) */
	struct string_list flags;    /* the kdir's flags moved onto the tree */
};

struct tree_flags {
	const struct string_list *kdir_flags; /* may be empty: no --kdir */
	int kdir_version;                     /* -1: no --kdir */
	const char *ksrc_root;                /* the prepared tree (real path), or NULL */
	const struct string_list *ksrc_flags; /* its flags (from its prepared build dir) */
	struct tree_flag_set *sets;
	size_t nsets;
	size_t nfiles;                        /* files given a tree's flags */
};

/*
 * The flags to parse file with when it lies in a kernel source tree and
 * that tree's headers may be used: the prepared tree's (--ksrc), or the
 * kdir's moved onto the tree when the kdir is of the tree's
 * VERSION.PATCHLEVEL.  Then the file's own include dirs (kbuild's
 * -I$(srctree)/$(src), its directory's ccflags-y -I ...) are appended to
 * extra.  NULL (extra untouched) when the file keeps the kdir's flags.
 */
const struct string_list *tree_flags_for(struct tree_flags *t, const char *file,
					 struct string_list *extra);
void tree_flags_free(struct tree_flags *t);

#endif
