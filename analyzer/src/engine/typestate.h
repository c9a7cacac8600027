/*
 * The typestate dataflow engine, the one engine of the analyzer: per
 * function, every tracked gendisk (an access path such as disk, dev->disk,
 * host->disks[]) moves through
 *   unallocated -> allocated-unchecked -> allocated -> added -> deleted -> put
 * (plus add-pending, add-failed and "unknown at entry"), and every tracked
 * resource a rule classifies (a tag set, a major, a region:
 * resource_objects.h) through none -> pending -> held -> released.  The
 * abstract state at a program point is a bounded set of configurations;
 * each configuration holds a set of states per tracked disk and resource
 * and a value set (zero / negative / positive) per integer variable, so
 * "err = add_disk(d); if (err)", "ret = blk_mq_alloc_tag_set(set); if (ret)"
 * and "ret = -ENOMEM; goto out" stay correlated with the objects' states.
 * Branch conditions refine (and prune infeasible configurations); joins
 * union the sets; past the bound, configurations collapse into one.  Rules
 * (checks/) observe the engine through events.
 */
#ifndef GENDISK_LINT_TYPESTATE_H
#define GENDISK_LINT_TYPESTATE_H

#include "array_ranges.h"
#include "cfg.h"
#include "dataflow.h"
#include "findings.h"
#include "ir.h"
#include "kernel_version.h"
#include "resource_objects.h"
#include "value_sets.h"

#include <stdint.h>

enum disk_state {
	DS_NONE = 1 << 0,        /* no disk: not allocated, NULL, or allocation failed */
	DS_ENTRY = 1 << 1,       /* unknown: came from outside the function */
	DS_UNCHECKED = 1 << 2,   /* allocated, failure not checked yet */
	DS_ALLOCATED = 1 << 3,   /* allocated and checked */
	DS_ADD_PENDING = 1 << 4, /* add_disk() called, result not tested yet */
	DS_ADDED = 1 << 5,
	DS_ADD_FAILED = 1 << 6,
	DS_DELETED = 1 << 7,
	DS_PUT = 1 << 8,
};

struct obj_state {
	uint16_t bits;
	uint8_t escaped;        /* handed to a function that may keep or free it */
	uint8_t conv;           /* enum alloc_convention of its allocator */
	uint8_t conv_by_call;   /* conv was read from the call's argument count: no
				 * header declares the allocator as called */
	int16_t group;          /* alias group: index of the group's representative */
	uint16_t put_from;      /* states the disk was in when put_disk() put it */
	uint8_t cleared;        /* NULL was stored over it after put_disk() (put_loc kept) */
	uint8_t added_once;     /* add_disk() succeeded on this path; sticky on a
				 * collapsed array element (some element was added) */
	uint8_t add_self_cleans; /* the add is a helper's (EFFECT_ADD_ON_ZERO), which
				 * leaves nothing live when it fails: 1 pending, 2
				 * pending with another element of the collapsed
				 * array added before, 3 succeeded (on a collapsed
				 * array: at least one element is added on this
				 * path, whatever the index) */
	uint8_t errptr;         /* the path still holds the allocator's ERR_PTR: the
				 * failure branch of IS_ERR() (or of PTR_ERR_OR_ZERO()'s
				 * result) was taken on a fresh allocation and nothing was
				 * stored over it since; err_loc: that test */
	const char *alloc_fn;   /* allocator name as the driver wrote it */
	struct ir_loc alloc_loc, add_loc, put_loc, del_loc, check_loc, err_loc;
	/* a collapsed array element (host->disks[]): the element the last
	 * del/put reached, as written (host->disks[i], or the argument
	 * host->devs[i] of a summarised helper), while its index variables keep
	 * their value on the path; NULL when unknown.  Lets the rules judge
	 * two calls on the same element (same index expression) */
	const struct ir_node *del_elem, *put_elem;
	/* a collapsed array element (array_ranges.h): elements [0, alloc_hi)
	 * allocated and [0, rel_hi) released by each-element loops; pend: the
	 * end of the range the loop pend_loop (index + 1) is releasing, while
	 * it runs; rng_other: an element released, escaped or handed over
	 * outside such loops, so the ranges are not judged */
	struct range_sym alloc_hi, rel_hi, pend;
	int8_t pend_loop;
	uint8_t rng_other;
};

struct var_state {
	uint8_t bits;
	uint8_t prev_bits;      /* before the last ++/-- (x-- > 0 tests that value) */
	uint8_t link_kind;      /* LINK_* */
	uint8_t link_success;   /* LINK_ACQUIRE_RESULT: the values meaning success */
	int16_t link;           /* tracked object (resource for LINK_ACQUIRE_RESULT) the
				 * value is about, or -1 */
	uint8_t rel_kind;       /* REL_*: the value against loop bound rel_bound */
	int16_t rel_bound;
};

enum { REL_NONE, REL_LT, REL_EQ };

enum { LINK_NONE, LINK_ADD_RESULT, LINK_ALLOC_ERROR, LINK_ACQUIRE_RESULT };

struct config; /* opaque: objects then variables */


struct tracked_object {
	const char *path;   /* access path, index collapsed: host->disks[] */
	const char *root;   /* the variable the path starts from */
	int param;          /* index of the parameter it is rooted at, or -1 */
	int local;          /* the path is an automatic local variable itself */
	int local_root;     /* rooted at an automatic local (disk, or card->disk) */
	int weak;           /* a collapsed array element: one name for many disks */
};

struct function_summary;
struct lint_target;
struct lint_event;

/* Everything the engine knows about one function under analysis. */
struct fn_analysis {
	const struct ir_function *fn;
	const struct lint_target *target;
	struct cfg cfg;
	struct tracked_object *objs;
	unsigned nobjs, cap_objs;
	const char **vars;
	unsigned nvars, cap_vars;
	unsigned disk_nvars;       /* the first ones: those the disks' states depend on */
	unsigned char *res_vars;   /* per variable: the resources' states depend on it */
	struct summary_table *summaries;
	/* each-element loops over arrays (array_ranges.h) */
	struct array_loops loops;
	/* calls of the driver's own functions that return a struct gendisk *
	 * which this function checks with IS_ERR()/NULL: allocations with
	 * the convention of that check (wrap_conv, enum alloc_convention) */
	const struct ir_node **wrap_calls;
	uint8_t *wrap_conv;
	unsigned nwrap;
	/* set while an assignment to a tracked variable evaluates its right
	 * side: the call whose result the assignment correlates */
	const struct ir_node *assign_call;
	/* when set, every event of the reporting pass also goes here (the
	 * summaries read the states at each return) */
	void (*observer)(const struct lint_event *ev, void *arg);
	void *observer_arg;
	/* the second kind of tracked object: resources the enabled rules
	 * classify (resource_objects.h), in the same configurations */
	struct resource_table resources;
	/* reporting */
	int reporting;
	struct finding_list *findings;
	const unsigned char *rule_enabled;
};

enum lint_event_kind {
	EV_ALLOC_CHECK, /* a failure check on a tracked disk: check_kind says which */
	EV_USE,         /* dereference of, or a call taking, a tracked disk */
	EV_ADD,         /* add_disk()/device_add_disk() (or a helper that adds) */
	EV_DEL,         /* del_gendisk() (or a helper that deletes) */
	EV_PUT,         /* put_disk() (or a helper that puts) */
	EV_RETURN,      /* a return statement (or falling off the end) */
	EV_CALL,        /* any other call, after its arguments (obj -1; call says which),
			 * before its effects on the tracked disks */
	EV_RESOURCE_LEAK, /* an error return with a resource held (resource says
			   * which): only to the rule whose class it is */
};

enum check_kind { CHECK_NULL, CHECK_IS_ERR, CHECK_IS_ERR_OR_NULL };

struct lint_event {
	enum lint_event_kind kind;
	const struct fn_analysis *fa;
	const struct df_set *configs; /* the state just before the event */
	int obj;                          /* tracked object, -1 for EV_RETURN */
	const char *path;                 /* the object's path as written here */
	struct ir_loc loc;
	const char *callee;               /* function called (EV_USE/ADD/DEL/PUT) */
	int via_helper;                   /* EV_ADD/DEL/PUT through a summarised helper */
	int result_discarded;             /* EV_ADD: the call's value is unused */
	enum check_kind check;            /* EV_ALLOC_CHECK */
	const struct ir_node *root_cond;  /* EV_ALLOC_CHECK: the whole condition */
	const struct ir_node *ret_value;  /* EV_RETURN: value or NULL */
	const struct ir_node *elem;       /* EV_DEL/EV_PUT on a collapsed array element:
					   * the element as written here, or NULL */
	const struct ir_node *call;       /* EV_CALL: the call */
	const struct tracked_resource *resource; /* EV_RESOURCE_LEAK */
};

/* Accessors for rules. */
unsigned ev_nconfigs(const struct lint_event *ev);
const struct obj_state *ev_obj(const struct lint_event *ev, unsigned config, int obj);
/* The return is an error return in this configuration (negative constant,
 * -EXXX, PTR_ERR()/ERR_PTR(), or a variable known non-zero here). */
int ev_return_is_error(const struct lint_event *ev, unsigned config);
/* The return gives 0 in this configuration (the constant, or a variable
 * known to be zero here). */
int ev_return_is_zero(const struct lint_event *ev, unsigned config);
/* The returned value is obj (or an alias of it) or the struct it lives in. */
int ev_return_hands_over(const struct lint_event *ev, unsigned config, int obj);
/* The object is the representative of its alias group in this configuration. */
int ev_is_group_leader(const struct lint_event *ev, unsigned config, int obj);
/* Some alias of obj is a collapsed array element (host->disks[]): its
 * state stands for many disks, so leaks and teardown are not judged. */
int ev_group_is_weak(const struct lint_event *ev, unsigned config, int obj);
const char *ev_obj_path(const struct lint_event *ev, int obj);
/* The event reaches the same array element as prev (an obj_state's
 * del_elem/put_elem): the same array path and the same index expression
 * (local variables or constants), no index variable written in between. */
int ev_same_element(const struct lint_event *ev, const struct ir_node *prev);
/* Index ranges of a collapsed array element: each-element loops allocated
 * [0, A) of it and released [0, R) on the paths of this configuration and R
 * is known to be below A (1), or below A unless the loop that released
 * stopped at its last element (2); 0 when nothing can be concluded.  lo and
 * hi get the spellings of R and A. */
int ev_range_leak(const struct lint_event *ev, unsigned config, int obj, char *lo, char *hi,
		  size_t size);
/* Does the whole condition also contain a check of kind on obj? */
int ev_cond_has_check(const struct lint_event *ev, enum check_kind kind);
/* EV_ALLOC_CHECK: the if statement of this check leaves the object alone in
 * its branches and is followed in its block, before any statement that names
 * the object or leaves the straight line, by an if whose condition checks the
 * object with kind (or its else is such an if): that condition, else NULL.
 * "if (!disk) return -ENOMEM; if (IS_ERR(disk)) return PTR_ERR(disk);" */
const struct ir_node *ev_check_follows(const struct lint_event *ev, enum check_kind kind);
/* The allocator convention on the target kernel, and a printable version. */
const char *ev_target_version(const struct lint_event *ev);

/* Report (from a rule's event hook); returns NULL if already reported here. */
struct finding *lint_report(const struct lint_event *ev, const char *rule_id, struct ir_loc loc,
			    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void lint_note(struct finding *f, struct ir_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));


#endif

/* Engine entry points used by the summaries and the per-file driver. */
void fn_analysis_init(struct fn_analysis *fa, const struct ir_function *fn,
		      const struct lint_target *target, struct summary_table *summaries);
/* Track the resources of the classes in rc too (after fn_analysis_init). */
void fn_analysis_track_resources(struct fn_analysis *fa, const struct resource_classes *rc);
/* Does the analysis track anything (a disk or a resource)? */
int fn_analysis_tracks(const struct fn_analysis *fa);
/* Runs the dataflow to a fixpoint; returns the in-state of every block
 * (array of cfg.nblocks sets, freed with fn_analysis_free_states). */
struct df_set *fn_analysis_fixpoint(struct fn_analysis *fa);
/* Replays every reachable block once from its fixpoint in-state with the
 * rules listening. */
void fn_analysis_report(struct fn_analysis *fa, struct df_set *states);
void fn_analysis_free_states(struct fn_analysis *fa, struct df_set *states);
void fn_analysis_free(struct fn_analysis *fa);
/* The parameter a global array object's first index is in the function
 * (unit[drive].disk: drive's index), or -1. */
int fn_analysis_index_param(const struct fn_analysis *fa, int obj);
/* Reading a configuration (for summaries). */
const struct obj_state *config_obj(const struct config *c, int obj);
