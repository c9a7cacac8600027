/* The run's kernel source tree (--ksrc, or the one it runs in) and its prepared flags. */
#include "ksrc_setup.h"

#include "kdir_flags.h"
#include "kernel_tree.h"
#include "ksrc_prepare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void note(const struct ksrc_request *req, struct string_list *notes, char *text)
{
	if (!req->quiet)
		fprintf(stderr, "gendisk-lint: note: %s\n", text);
	string_list_push_owned(notes, text);
}

static char *pick_tree(const struct ksrc_request *req, int *version)
{
	char *root;

	if (req->tree)
		return kernel_tree_of(req->tree, version);
	if (!req->automatic)
		return NULL;
	root = kernel_tree_of(".", version);
	if (!root && req->inputs->len)
		root = kernel_tree_of(req->inputs->items[0], version);
	return root;
}

int ksrc_setup(const struct ksrc_request *req, char **root, char **objdir_out,
	       struct string_list *flags, struct string_list *notes, char *err, size_t errlen)
{
	int version = -1;
	char *tree = pick_tree(req, &version), *objdir = NULL;
	char why[1024];
	const char *fallback = req->kdir ? "the kdir's flags" : "no kernel flags";

	*root = NULL;
	*objdir_out = NULL;
	if (!tree) {
		if (!req->tree)
			return 0;
		snprintf(err, errlen, "--ksrc %s: not in a kernel source tree (a Makefile with "
			 "VERSION and PATCHLEVEL, and include/linux/blkdev.h)", req->tree);
		return -1;
	}
	if (req->kdir_version >= 0 && req->kdir_version != version) {
		note(req, notes, xasprintf("%s: a %d.%d tree, --kdir is %d.%d: its files parsed "
					   "with the kdir's flags", tree, version >> 8,
					   version & 0xff, req->kdir_version >> 8,
					   req->kdir_version & 0xff));
		free(tree);
		return 0;
	}
	if (ksrc_prepare(tree, req->jobs, req->quiet, &objdir, why, sizeof(why)) != 0) {
		note(req, notes, xasprintf("%s: its generated headers could not be prepared (%s), "
					   "parsed with %s", tree, why, fallback));
		free(tree);
		return 0;
	}
	if (kdir_flags(objdir, flags, why, sizeof(why)) != 0) {
		note(req, notes, xasprintf("%s: no compile flags from its prepared headers (%s), "
					   "parsed with %s", tree, why, fallback));
		string_list_free(flags);
		free(objdir);
		free(tree);
		return 0;
	}
	*objdir_out = objdir;
	*root = tree;
	return 0;
}
