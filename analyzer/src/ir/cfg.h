/* Control-flow graph of one function, built from the IR. */
#ifndef GENDISK_LINT_CFG_H
#define GENDISK_LINT_CFG_H

#include "ir.h"

enum cfg_item_kind {
	CFG_EVAL,    /* evaluate an expression or declaration for its effects */
	CFG_RETURN,  /* return [value]; node may be NULL (falling off the end) */
};

struct cfg_item {
	enum cfg_item_kind kind;
	const struct ir_node *node;
	struct ir_loc loc;
};

enum cfg_term {
	CFG_TERM_NONE,   /* falls to succs[0] (or ends at exit when no succ) */
	CFG_TERM_BRANCH, /* cond decides: succs[0] when true, succs[1] when false */
	CFG_TERM_MULTI,  /* switch dispatch or unknown loop head: any succ, no refinement */
};

struct cfg_block {
	struct cfg_item *items;
	unsigned nitems, cap_items;
	enum cfg_term term;
	const struct ir_node *cond;      /* CFG_TERM_BRANCH: the leaf condition */
	const struct ir_node *root_cond; /* the whole if/while condition it came from */
	struct ir_loc cond_loc;          /* the check as written: "!disk" starts at the '!' */
	unsigned *succs;
	unsigned nsuccs, cap_succs;
	unsigned npreds;
};

struct cfg {
	struct cfg_block *blocks;
	unsigned nblocks, cap_blocks;
	unsigned entry;
	unsigned exit;
	unsigned *rpo;   /* reachable blocks in reverse postorder */
	unsigned nrpo;
	unsigned *rpo_index; /* block -> position in rpo, or UINT_MAX if unreachable */
};

void cfg_build(const struct ir_function *fn, struct cfg *cfg);
void cfg_free(struct cfg *cfg);

#endif
