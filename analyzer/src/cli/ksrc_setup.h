/* The run's kernel source tree (--ksrc, or the one it runs in) and its prepared flags. */
#ifndef GENDISK_LINT_KSRC_SETUP_H
#define GENDISK_LINT_KSRC_SETUP_H

#include "string_list.h"

struct ksrc_request {
	const char *tree;      /* --ksrc TREE, or NULL */
	int automatic;         /* may the tree the run is in be taken without --ksrc */
	const char *kdir;      /* --kdir, or NULL */
	int kdir_version;      /* its VERSION * 256 + PATCHLEVEL, -1 without */
	const struct string_list *inputs;
	int jobs;
	int quiet;
};

/*
 * Picks the tree: --ksrc's, else (automatic) the kernel source tree the
 * current directory or the first input lies in.  Prepares it
 * (ksrc_prepare.h) and asks its build dir for the kernel's flags
 * (kdir_flags.h): *root (real path, owned), *objdir (its prepared build
 * dir, owned) and flags are set.  Nothing is
 * prepared for a tree of another VERSION.PATCHLEVEL than the kdir.  When
 * the preparation fails, one note says so (on stderr unless quiet, and
 * pushed on notes) and the run goes on with the kdir's flags.  Returns 0,
 * or -1 with err set when --ksrc names no kernel source tree.
 */
int ksrc_setup(const struct ksrc_request *req, char **root, char **objdir,
	       struct string_list *flags, struct string_list *notes, char *err, size_t errlen);

#endif
