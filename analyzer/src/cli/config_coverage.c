/* Which of a run's files the prepared kernel tree's configuration does not build. */
#include "config_coverage.h"

#include "kbuild_config.h"

#include <limits.h>
#include <stdlib.h>

void config_coverage_init(struct config_coverage *cc, const char *root, const char *objdir,
			  const struct string_list *files, const struct file_result *results)
{
	struct kbuild_config *c = root && objdir ? kbuild_config_load(root, objdir) : NULL;

	cc->n = files->len;
	cc->not_built = xcalloc(files->len ? files->len : 1, 1);
	cc->why = xcalloc(files->len ? files->len : 1, sizeof(*cc->why));
	for (size_t i = 0; c && i < files->len; i++) {
		const struct file_result *r = &results[i];
		char real[PATH_MAX];

		if (r->status == FILE_ERROR || r->prefiltered || r->block_core ||
		    !realpath(files->items[i], real))
			continue;
		cc->not_built[i] = kbuild_config_builds(c, real, &cc->why[i]) == 0;
		if (!cc->not_built[i]) {
			free(cc->why[i]);
			cc->why[i] = NULL;
		}
	}
	kbuild_config_free(c);
}

void config_coverage_free(struct config_coverage *cc)
{
	for (size_t i = 0; i < cc->n; i++)
		free(cc->why[i]);
	free(cc->why);
	free(cc->not_built);
	cc->why = NULL;
	cc->not_built = NULL;
	cc->n = 0;
}
