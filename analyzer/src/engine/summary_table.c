/* The table of a TU's function summaries: storage, lookup, computation on demand. */
#include "summary_table.h"

#include "string_list.h"

#include <stdlib.h>
#include <string.h>

void summary_table_setup(struct summary_table *t, const struct lowered_file *lf,
			 const struct lint_target *target, summary_compute_fn *compute)
{
	t->lf = lf;
	t->target = target;
	t->compute = compute;
	t->teardown = NULL;
	t->facts = NULL;
	t->sums = xcalloc(lf->nfuncs ? lf->nfuncs : 1, sizeof(*t->sums));
}

void summary_table_free(struct summary_table *t)
{
	for (size_t i = 0; t->lf && i < t->lf->nfuncs; i++) {
		for (unsigned k = 0; k < t->sums[i].neffects; k++)
			free(t->sums[i].effects[k].suffix);
		free(t->sums[i].effects);
	}
	free(t->sums);
	memset(t, 0, sizeof(*t));
}

int summary_function_index(const struct summary_table *t, const char *name)
{
	return lowered_function_index(t->lf, name);
}

const struct function_summary *summary_for(struct summary_table *t, const char *name)
{
	int idx = summary_function_index(t, name);
	struct function_summary *s;

	if (idx < 0)
		return NULL;
	s = &t->sums[idx];
	if (s->state == 2)
		return s;
	if (s->state == 1)
		return NULL; /* recursion: no summary inside the cycle */
	s->state = 1;
	t->compute(t, s, &t->lf->funcs[idx]);
	s->state = 2;
	return s;
}
