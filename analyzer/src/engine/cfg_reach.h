/*
 * Where a call sits in a function's CFG and whether one program point
 * can be followed by another on some path: for rules that judge the order
 * of calls the typestate does not track (a thread started before a
 * failed add and not stopped before the free).
 */
#ifndef GENDISK_LINT_CFG_REACH_H
#define GENDISK_LINT_CFG_REACH_H

#include "cfg.h"
#include "ir.h"

/* A program point: the item of a block (nitems: the block's condition). */
struct cfg_point {
	unsigned block;
	unsigned item;
};

/* The point of the call node (the same node, not a copy), or of the
 * first call at loc when node is NULL; 0 when not found. */
int cfg_find_call(const struct cfg *cfg, const struct ir_node *node, struct ir_loc loc,
		  struct cfg_point *out);
/* Can the program reach b after a on some path (b strictly after a in
 * the same block, or b's block reachable from a's successors)? */
int cfg_point_reaches(const struct cfg *cfg, struct cfg_point a, struct cfg_point b);

#endif
