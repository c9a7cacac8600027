/* Which flags a file of a kernel source tree is parsed with: the tree's own headers or the kdir's. */
#include "tree_flags.h"

#include "kernel_tree.h"

#include <stdlib.h>
#include <string.h>

static struct tree_flag_set *set_for(struct tree_flags *t, char *root, int version)
{
	struct tree_flag_set *s;

	for (size_t i = 0; i < t->nsets; i++)
		if (strcmp(t->sets[i].root, root) == 0) {
			free(root);
			return &t->sets[i];
		}
	t->sets = xrealloc(t->sets, (t->nsets + 1) * sizeof(*t->sets));
	s = &t->sets[t->nsets++];
	memset(s, 0, sizeof(*s));
	s->root = root;
	s->version = version;
	if (t->kdir_flags && t->kdir_flags->len && t->kdir_version == version)
		s->usable = kernel_tree_flags(t->kdir_flags, root, &s->flags) ||
			    s->flags.len > 0;
	return s;
}

const struct string_list *tree_flags_for(struct tree_flags *t, const char *file,
					 struct string_list *extra)
{
	int version = -1;
	char *root = kernel_tree_of(file, &version);
	const struct string_list *flags = NULL;
	struct tree_flag_set *s;

	if (!root)
		return NULL;
	if (t->ksrc_root && t->ksrc_flags && strcmp(root, t->ksrc_root) == 0 &&
	    (t->kdir_version < 0 || t->kdir_version == version)) {
		flags = t->ksrc_flags;
		s = set_for(t, root, version);
	} else {
		s = set_for(t, root, version);
		flags = s->usable ? &s->flags : NULL;
	}
	if (flags) {
		kernel_tree_file_includes(s->root, file, extra);
		t->nfiles++;
	}
	return flags;
}

void tree_flags_free(struct tree_flags *t)
{
	for (size_t i = 0; i < t->nsets; i++) {
		free(t->sets[i].root);
		string_list_free(&t->sets[i].flags);
	}
	free(t->sets);
	t->sets = NULL;
	t->nsets = 0;
}
