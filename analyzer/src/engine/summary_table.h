/*
 * The table of function summaries of one translation unit (summaries.h
 * says what a summary is and computes them): storage, lookup by name, and
 * computation on demand through the table's compute function, callees
 * first; recursion is cut (a function being summarised has no summary for
 * its recursive calls).  The engine (typestate.h) reads summaries through
 * this table only, so it does not depend on how they are computed, which
 * itself runs the engine.
 */
#ifndef GENDISK_LINT_SUMMARY_TABLE_H
#define GENDISK_LINT_SUMMARY_TABLE_H

#include "ast_lowering.h"

struct lint_target;
struct module_facts;

enum {
	EFFECT_ADD = 1,
	EFFECT_DEL = 2,
	EFFECT_PUT = 4,
	/* the helper allocates the disk, or adds it and tears it down on its own
	 * failure path: after the call its state is unknown */
	EFFECT_OPAQUE = 8,
	/* the helper allocates the disk when it returns 0 and leaves it as it
	 * was when it returns an error (gdram_prepare_one(): the disk stored
	 * in gdram_devs[index]->disk on success only) */
	EFFECT_ALLOC_ON_ZERO = 16,
	/* with EFFECT_PUT: the helper clears the field after putting it
	 * (rbd_free_disk(): put_disk(rbd_dev->disk); rbd_dev->disk = NULL) */
	EFFECT_CLEAR = 32,
	/* the helper allocates the disk and adds it when it returns 0, and
	 * leaves nothing live when it returns an error (never allocated, or
	 * put after its own failed add): fd_alloc_disk()-style "create one
	 * disk" helpers; after a zero return the caller owns an added disk */
	EFFECT_ADD_ON_ZERO = 64,
};

/* summary_effect.param for a disk reached through a global: suffix is the whole path */
#define SUMMARY_GLOBAL_PARAM 0xffffffffu

struct summary_effect {
	unsigned param;
	char *suffix;    /* path after the parameter: "", "->disk", "->disks[]" */
	unsigned effects;
	/* a global array's path (unit[].disk): the parameter the function
	 * indexes its first subscript with (unit[drive]), or -1 */
	int index_param;
};

struct function_summary {
	int state;       /* 0 not computed, 1 in progress, 2 done */
	struct summary_effect *effects;
	unsigned neffects;
};

struct summary_table;
typedef void summary_compute_fn(struct summary_table *t, struct function_summary *s,
				const struct ir_function *fn);

struct teardown_facts;

struct summary_table {
	const struct lowered_file *lf;
	const struct lint_target *target;
	struct function_summary *sums; /* parallel to lf->funcs */
	summary_compute_fn *compute;
	/* module-wide facts about who releases each disk, computed on first
	 * use (teardown_pairs.h; freed with teardown_facts_free()) */
	struct teardown_facts *teardown;
	/* the module's fact base (module_facts.h), NULL when none: read by
	 * the rules through fn_analysis.summaries */
	const struct module_facts *facts;
};

void summary_table_setup(struct summary_table *t, const struct lowered_file *lf,
			 const struct lint_target *target, summary_compute_fn *compute);
void summary_table_free(struct summary_table *t);
/* The function of this TU called name, or -1. */
int summary_function_index(const struct summary_table *t, const char *name);
/* The summary of the TU function called name (computed now if needed), or
 * NULL for functions outside the TU. */
const struct function_summary *summary_for(struct summary_table *t, const char *name);

#endif
