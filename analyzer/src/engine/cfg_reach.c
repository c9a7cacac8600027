/* Calls located in a CFG and reachability between them (cfg_reach.h). */
#include "cfg_reach.h"

#include "file_rules.h"
#include "string_list.h"

#include <stdlib.h>

struct call_find {
	const struct ir_node *node;
	struct ir_loc loc;
	int hit;
};

static int find_visit(const struct ir_node *n, void *data)
{
	struct call_find *f = data;

	if (f->hit)
		return 0;
	if (n->kind == IR_CALL &&
	    (f->node ? n == f->node : n->loc.line == f->loc.line && n->loc.col == f->loc.col))
		f->hit = 1;
	return !f->hit;
}

int cfg_find_call(const struct cfg *cfg, const struct ir_node *node, struct ir_loc loc,
		  struct cfg_point *out)
{
	for (unsigned b = 0; b < cfg->nblocks; b++) {
		const struct cfg_block *blk = &cfg->blocks[b];

		for (unsigned i = 0; i <= blk->nitems; i++) {
			struct call_find f = { node, loc, 0 };

			ir_walk(i < blk->nitems ? blk->items[i].node : blk->cond, find_visit, &f);
			if (f.hit) {
				out->block = b;
				out->item = i;
				return 1;
			}
		}
	}
	return 0;
}

int cfg_point_reaches(const struct cfg *cfg, struct cfg_point a, struct cfg_point b)
{
	unsigned *stack, n = 0;
	unsigned char *seen;
	int found = 0;

	if (a.block == b.block && a.item < b.item)
		return 1;
	if (a.block >= cfg->nblocks || b.block >= cfg->nblocks)
		return 0;
	seen = xcalloc(cfg->nblocks, 1);
	stack = xcalloc(cfg->nblocks, sizeof(*stack));
	for (unsigned s = 0; s < cfg->blocks[a.block].nsuccs; s++) {
		unsigned t = cfg->blocks[a.block].succs[s];

		if (t < cfg->nblocks && !seen[t]) {
			seen[t] = 1;
			stack[n++] = t;
		}
	}
	while (n && !found) {
		const struct cfg_block *blk = &cfg->blocks[stack[--n]];

		if (blk == &cfg->blocks[b.block]) {
			found = 1;
			break;
		}
		for (unsigned s = 0; s < blk->nsuccs; s++) {
			unsigned t = blk->succs[s];

			if (t < cfg->nblocks && !seen[t]) {
				seen[t] = 1;
				stack[n++] = t;
			}
		}
	}
	free(seen);
	free(stack);
	return found;
}
