/*
 * A small path-sensitive dataflow for resources other than gendisks that a
 * driver acquires with a call returning an int status and releases with
 * another call: tag sets (blk_mq_alloc_tag_set / blk_mq_free_tag_set),
 * majors (register_blkdev / unregister_blkdev), legacy regions
 * (blk_register_region / blk_unregister_region).  Per function over the CFG
 * (cfg.h): each resource key is none / pending (acquired, result not tested)
 * / held / released, integer variables carry value sets {zero, negative,
 * positive} and the link "holds the result of acquiring key k", so
 * "ret = blk_mq_alloc_tag_set(&set); if (ret) return ret;" is the failure of
 * the acquisition, not a leak.  A bounded set of configurations per program
 * point, run by the driver typestate.c uses too (dataflow.h).  A rule
 * (checks/) classifies calls and hears of every error return reached with
 * a key held.
 */
#ifndef GENDISK_LINT_RESOURCE_FLOW_H
#define GENDISK_LINT_RESOURCE_FLOW_H

#include "file_rules.h"
#include "value_sets.h"

#define RF_KEY_LEN 160

enum rf_role { RF_OTHER, RF_ACQUIRE, RF_RELEASE };

struct rf_call {
	enum rf_role role;
	char key[RF_KEY_LEN]; /* "" is a wildcard: matches every key of the rule */
	unsigned success;     /* RF_ACQUIRE: result values meaning success; 0 = void call */
	unsigned possible;    /* RF_ACQUIRE: values the call can return (0: any) */
};

struct rf_leak {
	const char *function;
	const char *key;
	const char *acquirer; /* callee name of the acquisition */
	struct ir_loc acquire_loc, return_loc;
};

struct rf_spec {
	/* Fill out->role (and key, success) for a call; leave RF_OTHER otherwise. */
	void (*classify)(const struct ir_node *call, struct rf_call *out);
	void (*on_leak)(const struct file_context *fc, const struct rf_leak *leak);
};

/* Run over every function of the file that acquires a resource.  Calls to
 * functions of the same file that (transitively) release one count as
 * releasing every key, and so does a release of a key the function never
 * acquired (it may be an alias). */
void resource_flow_run(const struct file_context *fc, const struct rf_spec *spec);

#endif
