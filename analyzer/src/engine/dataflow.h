/*
 * The dataflow driver of the engine (typestate_driver.c, whose configurations
 * hold the disks and the resources of resource_objects.h): per function over
 * its CFG (cfg.h), the state at a program point is a bounded set of
 * configurations -- each the abstract state of a family of paths -- so
 * that "err = add_disk(d); if (err)" keeps the disk's state and err's
 * value correlated.  A block's transfer runs on a set; a branch refines a
 * copy of the set per edge, dropping configurations the condition rules
 * out; a join adds a set's configurations to the successor's, folding
 * equal ones together, and collapses the set into one configuration past
 * max_configs (when the domain's over_bound agrees), or after max_visits
 * visits of the block (widening): no path enumeration, linear in practice.
 *
 * An analysis is a domain: how to copy, fold, collapse, transfer and
 * refine its configurations (heap blocks freed with free()).
 */
#ifndef GENDISK_LINT_DATAFLOW_H
#define GENDISK_LINT_DATAFLOW_H

#include "cfg.h"
#include "ir.h"

struct df_set {
	void **items;
	unsigned len, cap;
};

struct df_domain {
	void *ctx;
	void *(*copy)(void *ctx, const void *config);
	/*
	 * If c has the same abstract state as into, fold what only tells
	 * where it came from (locations, provenance) into into and return 1
	 * if into changed, 0 if not; -1 if the states differ.
	 */
	int (*fold)(void *ctx, void *into, const void *c);
	/* Replace the set's configurations by one that covers them all. */
	void (*collapse)(void *ctx, struct df_set *s);
	/* Run the block's statements on every configuration of cur. */
	void (*transfer)(void *ctx, const struct cfg_block *blk, struct df_set *cur);
	/* Keep what is feasible where cond is sense (1: true edge). */
	void (*refine)(void *ctx, const struct ir_node *cond, int sense, struct df_set *cur);
	unsigned max_configs; /* per program point, before collapsing */
	/* optional: past max_configs, is the set still too big (collapse)?
	 * NULL: yes */
	int (*over_bound)(void *ctx, const struct df_set *s);
	unsigned max_visits;  /* per block, before widening to one configuration */
};

void df_set_push(struct df_set *s, void *config);
void df_set_clear(struct df_set *s);
void df_set_free(struct df_set *s);
void df_set_copy(const struct df_domain *d, struct df_set *dst, const struct df_set *src);
/* Join copies of src's configurations into dst; 1 if dst changed.  widen:
 * collapse to one configuration whatever the count. */
int df_set_join(const struct df_domain *d, struct df_set *dst, const struct df_set *src,
		int widen);

/* The in-state of every block at the fixpoint from entry (taken), an array
 * of cfg->nblocks sets freed with df_states_free(). */
struct df_set *df_fixpoint(const struct df_domain *d, const struct cfg *cfg, void *entry);
/* Run every reachable block once more from its fixpoint in-state (the
 * pass in which an analysis reports). */
void df_replay(const struct df_domain *d, const struct cfg *cfg, const struct df_set *states);
void df_states_free(const struct cfg *cfg, struct df_set *states);

#endif
