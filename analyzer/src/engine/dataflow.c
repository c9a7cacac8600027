/* The bounded-set dataflow driver shared by the engine's analyses (dataflow.h). */
#include "dataflow.h"

#include "string_list.h"

#include <stdlib.h>

void df_set_push(struct df_set *s, void *config)
{
	if (s->len == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 4;
		s->items = xrealloc(s->items, s->cap * sizeof(*s->items));
	}
	s->items[s->len++] = config;
}

void df_set_clear(struct df_set *s)
{
	for (unsigned i = 0; i < s->len; i++)
		free(s->items[i]);
	s->len = 0;
}

void df_set_free(struct df_set *s)
{
	df_set_clear(s);
	free(s->items);
	s->items = NULL;
	s->cap = 0;
}

void df_set_copy(const struct df_domain *d, struct df_set *dst, const struct df_set *src)
{
	df_set_clear(dst);
	for (unsigned k = 0; k < src->len; k++)
		df_set_push(dst, d->copy(d->ctx, src->items[k]));
}

/* Add c (taken) to s; 1 if s changed. */
static int join_one(const struct df_domain *d, struct df_set *s, void *c)
{
	for (unsigned k = 0; k < s->len; k++) {
		int folded = d->fold(d->ctx, s->items[k], c);

		if (folded >= 0) {
			free(c);
			return folded;
		}
	}
	df_set_push(s, c);
	return 1;
}

int df_set_join(const struct df_domain *d, struct df_set *dst, const struct df_set *src,
		int widen)
{
	int changed = 0;

	for (unsigned k = 0; k < src->len; k++)
		changed |= join_one(d, dst, d->copy(d->ctx, src->items[k]));
	/* the collapsed configuration still covers the old ones */
	if (changed && ((dst->len > d->max_configs && (!d->over_bound ||
							d->over_bound(d->ctx, dst))) ||
			(widen && dst->len > 1)))
		d->collapse(d->ctx, dst);
	return changed;
}

/* The block's out-state to its successors, refined per edge of a branch;
 * dirty[succ] when a successor's in-state changed. */
static void propagate(const struct df_domain *d, const struct cfg_block *blk,
		      const struct df_set *out, struct df_set *states, unsigned *visits,
		      unsigned char *dirty)
{
	for (unsigned s = 0; s < blk->nsuccs; s++) {
		unsigned succ = blk->succs[s];
		struct df_set branch = { 0 };
		const struct df_set *edge = out;

		if (blk->term == CFG_TERM_BRANCH) {
			df_set_copy(d, &branch, out);
			d->refine(d->ctx, blk->cond, s == 0, &branch);
			edge = &branch;
		}
		if (df_set_join(d, &states[succ], edge, visits[succ] > d->max_visits)) {
			dirty[succ] = 1;
			visits[succ]++;
		}
		df_set_free(&branch);
	}
}

struct df_set *df_fixpoint(const struct df_domain *d, const struct cfg *cfg, void *entry)
{
	struct df_set *states = xcalloc(cfg->nblocks ? cfg->nblocks : 1, sizeof(*states));
	unsigned *visits = xcalloc(cfg->nblocks ? cfg->nblocks : 1, sizeof(*visits));
	unsigned char *dirty = xcalloc(cfg->nblocks ? cfg->nblocks : 1, 1);
	int any = 1;

	df_set_push(&states[cfg->entry], entry);
	dirty[cfg->entry] = 1;
	while (any) {
		any = 0;
		for (unsigned r = 0; r < cfg->nrpo; r++) {
			unsigned b = cfg->rpo[r];
			struct df_set cur = { 0 };

			if (!dirty[b])
				continue;
			dirty[b] = 0;
			any = 1;
			df_set_copy(d, &cur, &states[b]);
			d->transfer(d->ctx, &cfg->blocks[b], &cur);
			propagate(d, &cfg->blocks[b], &cur, states, visits, dirty);
			df_set_free(&cur);
		}
	}
	free(visits);
	free(dirty);
	return states;
}

void df_replay(const struct df_domain *d, const struct cfg *cfg, const struct df_set *states)
{
	for (unsigned r = 0; r < cfg->nrpo; r++) {
		unsigned b = cfg->rpo[r];
		struct df_set cur = { 0 };

		if (!states[b].len)
			continue;
		df_set_copy(d, &cur, &states[b]);
		d->transfer(d->ctx, &cfg->blocks[b], &cur);
		df_set_free(&cur);
	}
}

void df_states_free(const struct cfg *cfg, struct df_set *states)
{
	for (unsigned i = 0; states && i < cfg->nblocks; i++)
		df_set_free(&states[i]);
	free(states);
}
