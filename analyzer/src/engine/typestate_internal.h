/*
 * The typestate engine's own interface between its files (typestate.h is
 * the one its clients see): the limits, a configuration's layout, the
 * evaluation context and the functions one file of the engine uses from
 * another.  Only the typestate_*.c files include it.
 */
#ifndef GENDISK_LINT_TYPESTATE_INTERNAL_H
#define GENDISK_LINT_TYPESTATE_INTERNAL_H

#include "typestate.h"

#include <stddef.h>
#include <stdint.h>

#define MAX_CONFIGS 16       /* per program point, before collapsing */
#define MAX_BLOCK_VISITS 24  /* per block, before widening to one config */
#define MAX_VARS 96
#define MAX_OBJS 64
#define PATH_MAX_LEN 256

struct config {
	struct obj_state *objs;
	struct var_state *vars;
	uint8_t *res; /* enum res_state per tracked resource (resource_objects.h) */
};

/* The transfer of one block or edge: its configurations, and the call
 * whose lifecycle effects apply now. */
struct engine {
	struct fn_analysis *fa;
	struct df_set cur;
	const struct ir_node *call; /* the call whose lifecycle effects apply now */
};

/* The range facts survive a new value of one element (a[i] = alloc()). */
struct range_facts {
	struct range_sym alloc_hi, rel_hi, pend;
	int8_t pend_loop;
	uint8_t rng_other;
};

/* The value of an expression, as an assignment reads it (classify()). */
enum value_kind { V_UNKNOWN, V_ALLOC, V_OBJ, V_NULL, V_INT, V_VAR, V_ADD_RESULT, V_ALLOC_ERROR,
		  V_ERRPTR, V_ALLOC_RESULT, V_ACQUIRE_RESULT };

struct value {
	enum value_kind kind;
	int index;              /* V_OBJ, V_VAR, V_ADD_RESULT, V_ALLOC_ERROR: object/variable;
				 * V_ACQUIRE_RESULT: resource */
	unsigned bits;          /* V_INT */
	const struct ir_node *call; /* V_ALLOC */
	unsigned success;       /* V_ACQUIRE_RESULT: the values meaning success */
};

struct summary_effect;

/* typestate_objects.c */
extern const char *const non_escaping[];
int name_in(const char *const *list, const char *name);
int is_allocator(const char *name);
int is_err_helper(const char *name);
int add_disk_arg(const char *name);
int render_path(const struct ir_node *n, char *buf, size_t size, unsigned *root_flags);
int render_elem(const struct ir_node *n, char *buf, size_t size);
int same_element(const struct ir_node *a, const struct ir_node *b);
int find_obj(const struct fn_analysis *fa, const char *path);
int find_var(const struct fn_analysis *fa, const char *name);
int obj_of(const struct fn_analysis *fa, const struct ir_node *n);
int var_of(const struct fn_analysis *fa, const struct ir_node *n);
void add_var(struct fn_analysis *fa, const char *name);
int wrap_index(const struct fn_analysis *fa, const struct ir_node *call);
const struct ir_node *alloc_call_of(const struct fn_analysis *fa, const struct ir_node *n);
int summary_target(const struct ir_node *call, const struct summary_effect *eff,
		   char *buf, size_t size, unsigned *flags);
const char *field_suffix(const char *path, const char *base);
void prescan(struct fn_analysis *fa);

/* typestate_configs.c */
struct config *config_copy(const struct fn_analysis *fa, const struct config *src);
void set_collapse(void *ctx, struct df_set *s);
int config_fold(void *ctx, void *into, const void *c);
void *config_copy_cb(void *ctx, const void *c);
struct config *entry_config(const struct fn_analysis *fa);
int set_over_bound(void *ctx, const struct df_set *s);

/* typestate_ranges.c */
void save_ranges(const struct obj_state *o, struct range_facts *r);
void restore_ranges(struct obj_state *o, const struct range_facts *r);
void ranges_taint(struct engine *e, int obj);
void ranges_path_written(struct engine *e, const char *path);
void ranges_var_written(struct engine *e, int var, const struct ir_node *site);
void ranges_block_enter(struct fn_analysis *fa, unsigned blk, struct df_set *cur);
void ranges_edge(struct fn_analysis *fa, const struct ir_node *cond, int sense,
		 struct df_set *cur);
int loop_op_of(void *ctx, const struct ir_node *stmt, const char *ivar,
	       struct loop_effect *eff);
int loop_var_of(void *ctx, const char *name);

/* typestate_events.c */
void emit(struct engine *e, struct lint_event *ev);

/* typestate_resources.c */
void resource_effects(struct engine *e, const struct ir_node *call, int used);
void resource_refine_subject(struct engine *e, const struct ir_node *call, unsigned mask);
void resource_guard(struct engine *e, const struct ir_node *cond);
void report_resource_leaks(struct engine *e, const struct ir_node *ret_value,
			   struct ir_loc loc);

/* typestate_helper_calls.c */
int alloc_result_obj(struct fn_analysis *fa, const struct ir_node *call);
void helper_allocated(const struct fn_analysis *fa, struct config *c, int obj,
		      const struct ir_node *call);
int add_result_obj(struct fn_analysis *fa, const struct ir_node *call);
int devm_hand_over(struct engine *e, const struct ir_node *n);
int owner_release_hand_over(struct engine *e, const struct ir_node *n);
void apply_helper_summary(struct engine *e, const struct ir_node *n, const char *name, int used);

/* typestate_refine.c */
int check_of(struct fn_analysis *fa, const struct ir_node *c, enum check_kind *kind);
void refine(struct engine *e, const struct ir_node *cond, int sense);

/* typestate_transfer.c */
void for_group(const struct fn_analysis *fa, struct config *c, int obj,
	       void (*f)(struct obj_state *, const void *), const void *arg);
void lifecycle(struct engine *e, enum lint_event_kind kind, int obj, struct ir_loc loc,
	       const char *callee, int via_helper, int discarded, const struct ir_node *elem);
void use(struct engine *e, int obj, struct ir_loc loc, const char *callee);
void assign_object(struct engine *e, int obj, const struct value *v, struct ir_loc loc);
void eval(struct engine *e, const struct ir_node *n, int used);

#endif
