/* Path-sensitive acquire/release dataflow for int-status resources (see resource_flow.h). */
#include "resource_flow.h"

#include "ast_lowering.h"
#include "cfg.h"
#include "dataflow.h"
#include "string_list.h"

#include <clang-c/Index.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RF_MAX_KEYS 8
#define RF_MAX_VARS 48
#define RF_MAX_CONFIGS 16
#define RF_MAX_VISITS 24

enum { K_NONE = 1, K_PENDING = 2, K_HELD = 4, K_RELEASED = 8 };

struct rf_config {
	uint8_t key[RF_MAX_KEYS];
	uint8_t var[RF_MAX_VARS];
	int8_t link[RF_MAX_VARS];        /* key whose acquisition result the var holds, or -1 */
	uint8_t link_success[RF_MAX_VARS]; /* that acquisition's success values */
};

struct rf_value {
	uint8_t bits;
	int8_t link;
	uint8_t success;
};

struct rf_fn {
	const struct file_context *fc;
	const struct rf_spec *spec;
	const struct ir_function *fn;
	const unsigned char *releases; /* per function of the file */
	char keys[RF_MAX_KEYS][RF_KEY_LEN];
	struct ir_loc acq_loc[RF_MAX_KEYS];
	const char *acq_fn[RF_MAX_KEYS];
	unsigned char in_loop[RF_MAX_KEYS]; /* acquired in a loop body: a family, not judged */
	unsigned nkeys;
	const char *vars[RF_MAX_VARS];
	unsigned nvars;
	int reporting;
};

/* ------------------------------------------------------------ helpers */

static void classify(const struct rf_fn *f, const struct ir_node *call, struct rf_call *out)
{
	memset(out, 0, sizeof(*out));
	f->spec->classify(call, out);
}

static int key_index(const struct rf_fn *f, const char *key)
{
	for (unsigned i = 0; i < f->nkeys; i++)
		if (strcmp(f->keys[i], key) == 0)
			return (int)i;
	return -1;
}

static int var_index(const struct rf_fn *f, const char *name)
{
	for (unsigned i = 0; i < f->nvars; i++)
		if (strcmp(f->vars[i], name) == 0)
			return (int)i;
	return -1;
}

static int var_of(const struct rf_fn *f, const struct ir_node *n)
{
	n = ir_strip(n);
	if (!n || n->kind != IR_DECLREF || !(n->flags & IRF_VAR) || !n->name)
		return -1;
	return var_index(f, n->name);
}

/* ------------------------------------------------------------ prescan */

struct prescan {
	struct rf_fn *f;
	int acquires;
};

static void add_var(struct rf_fn *f, const char *name)
{
	if (name && f->nvars < RF_MAX_VARS && var_index(f, name) < 0)
		f->vars[f->nvars++] = name;
}

static int prescan_visit(const struct ir_node *n, void *data)
{
	struct prescan *ps = data;
	struct rf_fn *f = ps->f;

	if (n->kind == IR_CALL) {
		struct rf_call rc;

		classify(f, n, &rc);
		if (rc.role == RF_ACQUIRE) {
			ps->acquires = 1;
			if (key_index(f, rc.key) < 0 && f->nkeys < RF_MAX_KEYS) {
				memcpy(f->keys[f->nkeys], rc.key, RF_KEY_LEN);
				f->acq_loc[f->nkeys] = n->loc;
				f->acq_fn[f->nkeys] = ir_call_name(n);
				f->nkeys++;
			}
		}
	} else if (n->kind == IR_DECLREF && (n->flags & IRF_VAR) && !(n->flags & IRF_POINTER)) {
		/* integers read in conditions too: "if (count == 0) register...;
		 * ... if (count == 0) unregister..." stays correlated */
		add_var(f, n->name);
	} else if (n->kind == IR_DECL) {
		add_var(f, n->name);
	} else if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2) {
		const struct ir_node *l = ir_strip(n->kids[0]);

		if (l && l->kind == IR_DECLREF && (l->flags & IRF_VAR))
			add_var(f, l->name);
	}
	return 1;
}

/* Keys acquired inside a loop body ("for (i = 0; i < N; i++) if
 * (register_blkdev(sd_major(i), "sd")) continue;"): one key stands for a
 * family whose members the paths do not count, like a collapsed array
 * element, so its error returns are not judged. */
static void mark_loop_keys(struct rf_fn *f, const struct ir_node *n, int in_loop)
{
	if (!n)
		return;
	if (in_loop && n->kind == IR_CALL) {
		struct rf_call rc;
		int k;

		classify(f, n, &rc);
		k = rc.role == RF_ACQUIRE ? key_index(f, rc.key) : -1;
		if (k >= 0)
			f->in_loop[k] = 1;
	}
	if (n->kind == IR_FOR || n->kind == IR_WHILE || n->kind == IR_DO)
		in_loop = 1;
	for (unsigned i = 0; i < n->nkids; i++)
		mark_loop_keys(f, n->kids[i], in_loop);
}

/* ------------------------------------------------------------ the domain */

static void *config_copy(void *ctx, const void *c)
{
	struct rf_config *n = xmalloc(sizeof(*n));

	(void)ctx;
	*n = *(const struct rf_config *)c;
	return n;
}

/* Configurations carry no provenance: equal or different. */
static int config_fold(void *ctx, void *into, const void *c)
{
	(void)ctx;
	return memcmp(into, c, sizeof(struct rf_config)) == 0 ? 0 : -1;
}

/* Past the bound: one configuration holding the union of all. */
static void set_collapse(void *ctx, struct df_set *s)
{
	struct rf_config *u;

	(void)ctx;
	if (s->len <= 1)
		return;
	u = s->items[0];
	for (unsigned i = 1; i < s->len; i++) {
		const struct rf_config *c = s->items[i];

		for (unsigned k = 0; k < RF_MAX_KEYS; k++)
			u->key[k] |= c->key[k];
		for (unsigned v = 0; v < RF_MAX_VARS; v++) {
			u->var[v] |= c->var[v];
			if (u->link[v] != c->link[v] || u->link_success[v] != c->link_success[v])
				u->link[v] = -1;
		}
		free(s->items[i]);
	}
	s->len = 1;
}

/* ------------------------------------------------------------ transfer */

static void release_key(struct rf_config *c, int k)
{
	if (k >= 0)
		c->key[k] = K_RELEASED;
}

static struct rf_value eval(struct rf_fn *f, struct rf_config *c, const struct ir_node *n,
			    int used);

/* devm_add_action_or_reset(dev, action, data) (6.12: a macro for
 * __devm_add_action_or_reset(..., #action)) with an action of this file
 * that releases: on failure the action has run, on success the device's
 * teardown runs it -- either way the resource named by data is handed
 * over here (apple-nvme's tag sets, devm_apple_nvme_put_tag_set).  The key
 * data names, or every key when it names none of them. */
static void devm_release(struct rf_fn *f, struct rf_config *c, const struct ir_node *call)
{
	const struct ir_node *action = ir_strip(ir_call_arg(call, 1));
	const struct ir_node *data = ir_strip(ir_call_arg(call, 2));
	char path[RF_KEY_LEN];
	int fi, k = -1;

	if (!action || action->kind != IR_DECLREF || !action->name)
		return;
	fi = lowered_function_index(f->fc->lf, action->name);
	if (fi < 0 || !f->releases[fi])
		return;
	if (data && data->kind == IR_UNARY && data->op == CXUnaryOperator_AddrOf && data->nkids == 1)
		data = ir_strip(data->kids[0]);
	if (data && ir_path_text(data, path, sizeof(path)))
		k = key_index(f, path);
	for (unsigned i = 0; i < f->nkeys; i++)
		if (k < 0 || (int)i == k)
			release_key(c, (int)i);
}

static struct rf_value eval_call(struct rf_fn *f, struct rf_config *c, const struct ir_node *n,
				 int used)
{
	struct rf_value v = { VAL_ANY, -1, 0 };
	const char *name = ir_call_name(n);
	struct rf_call rc;
	int fi;

	for (unsigned i = 1; i < n->nkids; i++)
		eval(f, c, n->kids[i], 1);
	classify(f, n, &rc);
	if (rc.role == RF_ACQUIRE) {
		int k = key_index(f, rc.key);

		if (k < 0)
			return v;
		if (!rc.success || !used) {
			c->key[k] = K_HELD; /* void, or result ignored: assume it worked */
		} else {
			c->key[k] = K_PENDING;
			v.bits = (uint8_t)(rc.possible ? rc.possible : VAL_ANY);
			v.link = (int8_t)k;
			v.success = (uint8_t)rc.success;
		}
		return v;
	}
	if (rc.role == RF_RELEASE) {
		/* a key this function never acquired may be an alias of one it did
		 * (set = &dev->tag_set): release them all rather than guess */
		int exact = rc.key[0] && key_index(f, rc.key) >= 0;

		for (unsigned k = 0; k < f->nkeys; k++)
			if (!exact || !f->keys[k][0] || strcmp(rc.key, f->keys[k]) == 0)
				release_key(c, (int)k);
		return v;
	}
	if (!strcmp(name, "PTR_ERR") || !strcmp(name, "ERR_PTR") || !strcmp(name, "ERR_CAST")) {
		v.bits = VAL_NEG;
		return v;
	}
	fi = lowered_function_index(f->fc->lf, name);
	if (fi >= 0 && f->releases[fi])
		for (unsigned k = 0; k < f->nkeys; k++)
			release_key(c, (int)k);
	if ((!strcmp(name, "devm_add_action_or_reset") ||
	     !strcmp(name, "__devm_add_action_or_reset")) && ir_call_nargs(n) >= 3)
		devm_release(f, c, n);
	return v;
}

static void assign_var(struct rf_config *c, int var, struct rf_value v)
{
	if (var < 0)
		return;
	c->var[var] = v.bits;
	c->link[var] = v.link;
	c->link_success[var] = v.success;
}

static struct rf_value eval(struct rf_fn *f, struct rf_config *c, const struct ir_node *n, int used)
{
	struct rf_value v = { VAL_ANY, -1, 0 };
	int var;

	n = ir_strip(n);
	if (!n)
		return v;
	switch (n->kind) {
	case IR_CALL:
		return eval_call(f, c, n, used);
	case IR_INTLIT:
		if (n->flags & IRF_HAS_VALUE)
			v.bits = n->value < 0 ? VAL_NEG : n->value ? VAL_POS : VAL_ZERO;
		return v;
	case IR_DECLREF:
		var = var_of(f, n);
		if (var >= 0) {
			v.bits = c->var[var];
			v.link = c->link[var];
			v.success = c->link_success[var];
		}
		return v;
	case IR_DECL:
		if (n->nkids == 1) {
			v = eval(f, c, n->kids[0], 1);
			assign_var(c, var_index(f, n->name), v);
		}
		return v;
	case IR_SIZEOF:
		return v;
	case IR_UNARY:
		if (value_negative_constant(n)) {
			v.bits = VAL_NEG;
			return v;
		}
		break;
	case IR_BINARY:
		if (n->op == CXBinaryOperator_Assign && n->nkids == 2) {
			v = eval(f, c, n->kids[1], 1);
			var = var_of(f, n->kids[0]);
			if (var >= 0)
				assign_var(c, var, v);
			else
				eval(f, c, n->kids[0], 1);
			return v;
		}
		if (n->op >= CXBinaryOperator_MulAssign && n->op <= CXBinaryOperator_OrAssign &&
		    n->nkids == 2) {
			eval(f, c, n->kids[1], 1);
			var = var_of(f, n->kids[0]);
			assign_var(c, var, v);
			return v;
		}
		break;
	default:
		break;
	}
	for (unsigned i = 0; i < n->nkids; i++)
		eval(f, c, n->kids[i], 1);
	/* ++/-- and other writes through unknown operators: forget the variable */
	if (n->kind == IR_UNARY && n->nkids == 1 && n->op >= CXUnaryOperator_PostInc &&
	    n->op <= CXUnaryOperator_PreDec)
		assign_var(c, var_of(f, n->kids[0]), v);
	return v;
}

/* ------------------------------------------------------------ refinement */
/* The acquisition's key state once its result is known to lie in bits. */
static void resolve(struct rf_config *c, int k, unsigned success, unsigned bits)
{
	if (k < 0 || !(c->key[k] & K_PENDING))
		return;
	if (!(bits & ~success))
		c->key[k] = (uint8_t)((c->key[k] & ~K_PENDING) | K_HELD);
	else if (!(bits & success))
		c->key[k] = (uint8_t)((c->key[k] & ~K_PENDING) | K_NONE);
}

/* Refine c for "subject in mask"; returns 0 when c becomes impossible. */
static int refine_subject(struct rf_fn *f, struct rf_config *c, const struct ir_node *subject,
			  unsigned mask)
{
	const struct ir_node *s = ir_strip(subject);
	int var;

	if (!s)
		return 1;
	if (s->kind == IR_BINARY && s->op == CXBinaryOperator_Assign && s->nkids == 2)
		s = ir_strip(s->kids[0]);
	if (s->kind == IR_CALL) {
		struct rf_call rc;

		classify(f, s, &rc);
		if (rc.role == RF_ACQUIRE && rc.success)
			resolve(c, key_index(f, rc.key), rc.success,
				mask & (rc.possible ? rc.possible : VAL_ANY));
		return 1;
	}
	var = var_of(f, s);
	if (var < 0)
		return 1;
	c->var[var] &= (uint8_t)mask;
	if (!c->var[var])
		return 0;
	if (c->link[var] >= 0)
		resolve(c, c->link[var], c->link_success[var], c->var[var]);
	return 1;
}

struct mention {
	const char *key;
	int found;
};

static int mention_visit(const struct ir_node *n, void *data)
{
	struct mention *m = data;
	char path[RF_KEY_LEN];
	size_t len = strlen(m->key);

	if (ir_path_text(n, path, sizeof(path)) && !strncmp(path, m->key, len) &&
	    (!path[len] || path[len] == '.' || path[len] == '-' || path[len] == '['))
		m->found = 1;
	return !m->found;
}

/* A guard on the resource itself ("if (nullb->tag_set == &nullb->__tag_set)
 * blk_mq_free_tag_set(nullb->tag_set)", "if (dev->tag_set.tags) ..."):
 * its false branch is taken as "not ours to release", so a held key is
 * dropped there rather than reported as leaked. */
static void refine_guard(const struct rf_fn *f, struct rf_config *c, const struct ir_node *cond)
{
	for (unsigned k = 0; k < f->nkeys; k++) {
		struct mention m = { f->keys[k][0] == '*' ? f->keys[k] + 1 : f->keys[k], 0 };

		if (!m.key[0] || !(c->key[k] & K_HELD))
			continue;
		ir_walk(cond, mention_visit, &m);
		if (m.found)
			c->key[k] = (uint8_t)((c->key[k] & ~K_HELD) | K_NONE);
	}
}

static int refine(struct rf_fn *f, struct rf_config *c, const struct ir_node *cond, int sense)
{
	const struct ir_node *n = ir_strip(cond);

	if (!n)
		return 1;
	if (!sense)
		refine_guard(f, c, n);
	if (n->kind == IR_BINARY && n->nkids == 2 && n->op >= CXBinaryOperator_LT &&
	    n->op <= CXBinaryOperator_NE) {
		if (value_zero_literal(n->kids[1]))
			return refine_subject(f, c, n->kids[0], value_relation_mask(n->op, sense, 0));
		if (value_zero_literal(n->kids[0]))
			return refine_subject(f, c, n->kids[1], value_relation_mask(n->op, sense, 1));
		return 1;
	}
	return refine_subject(f, c, n, sense ? (VAL_NEG | VAL_POS) : VAL_ZERO);
}

/* ------------------------------------------------------------ blocks */

static void on_return(struct rf_fn *f, const struct rf_config *c, struct rf_value v,
		      struct ir_loc loc)
{
	if (!f->reporting || f->fn->returns_void || !v.bits || (v.bits & VAL_ZERO))
		return;
	for (unsigned k = 0; k < f->nkeys; k++) {
		struct rf_leak leak = {
			.function = f->fn->name, .key = f->keys[k], .acquirer = f->acq_fn[k],
			.acquire_loc = f->acq_loc[k], .return_loc = loc,
		};

		/* a collapsed array element (unit[].tag_set) stands for many: not judged */
		if ((c->key[k] & K_HELD) && !strstr(f->keys[k], "[]") && !f->in_loop[k])
			f->spec->on_leak(f->fc, &leak);
	}
}

/* Run the block on every configuration of in; out gets the survivors. */
/* The domain's transfer: each configuration through the block; one that
 * reaches a return is judged there and goes no further. */
static void block_transfer(void *ctx, const struct cfg_block *blk, struct df_set *cur)
{
	struct rf_fn *f = ctx;
	unsigned kept = 0;

	for (unsigned i = 0; i < cur->len; i++) {
		struct rf_config *c = cur->items[i];
		int live = 1;

		for (unsigned j = 0; j < blk->nitems && live; j++) {
			const struct cfg_item *it = &blk->items[j];
			struct rf_value v = { 0, -1, 0 };

			if (it->kind == CFG_EVAL) {
				eval(f, c, it->node, it->node == blk->cond);
				continue;
			}
			if (it->node && it->node->nkids) {
				const struct ir_node *rv = ir_strip(it->node->kids[0]);

				v = eval(f, c, rv, 1);
				/* a pointer is an error only as ERR_PTR(): not NULL, not an object */
				if (rv && (rv->flags & IRF_POINTER) && rv->kind != IR_CALL)
					v.bits = VAL_ZERO;
			}
			on_return(f, c, v, it->loc);
			live = 0;
		}
		if (live)
			cur->items[kept++] = c;
		else
			free(c);
	}
	cur->len = kept;
}

/* The domain's refinement: drop the configurations the edge rules out. */
static void edge_refine(void *ctx, const struct ir_node *cond, int sense, struct df_set *cur)
{
	unsigned kept = 0;

	for (unsigned i = 0; i < cur->len; i++) {
		if (refine(ctx, cur->items[i], cond, sense))
			cur->items[kept++] = cur->items[i];
		else
			free(cur->items[i]);
	}
	cur->len = kept;
}

static void analyse_function(struct rf_fn *f)
{
	struct df_domain d = {
		.ctx = f,
		.copy = config_copy,
		.fold = config_fold,
		.collapse = set_collapse,
		.transfer = block_transfer,
		.refine = edge_refine,
		.max_configs = RF_MAX_CONFIGS,
		.max_visits = RF_MAX_VISITS,
	};
	struct rf_config *entry = xcalloc(1, sizeof(*entry));
	struct df_set *states;
	struct cfg cfg;

	cfg_build(f->fn, &cfg);
	for (unsigned k = 0; k < RF_MAX_KEYS; k++)
		entry->key[k] = K_NONE;
	for (unsigned v = 0; v < RF_MAX_VARS; v++) {
		entry->var[v] = VAL_ANY;
		entry->link[v] = -1;
	}
	f->reporting = 0;
	states = df_fixpoint(&d, &cfg, entry);
	f->reporting = 1;
	df_replay(&d, &cfg, states);
	df_states_free(&cfg, states);
	cfg_free(&cfg);
}

/* ------------------------------------------------------------ file */

struct release_scan {
	const struct rf_spec *spec;
	const struct lowered_file *lf;
	const unsigned char *releases;
	int found;
};

static int release_visit(const struct ir_node *n, void *data)
{
	struct release_scan *rs = data;
	struct rf_call rc;
	int fi;

	if (rs->found || n->kind != IR_CALL)
		return !rs->found;
	memset(&rc, 0, sizeof(rc));
	rs->spec->classify(n, &rc);
	fi = lowered_function_index(rs->lf, ir_call_name(n));
	if (rc.role == RF_RELEASE || (fi >= 0 && rs->releases[fi]))
		rs->found = 1;
	return !rs->found;
}

void resource_flow_run(const struct file_context *fc, const struct rf_spec *spec)
{
	const struct lowered_file *lf = fc->lf;
	unsigned char *releases = xcalloc(lf->nfuncs + 1, 1);
	int changed = 1;

	/* functions of this file that release a resource, directly or through others */
	while (changed) {
		changed = 0;
		for (size_t i = 0; i < lf->nfuncs; i++) {
			struct release_scan rs = { spec, lf, releases, 0 };

			if (releases[i])
				continue;
			ir_walk(lf->funcs[i].body, release_visit, &rs);
			if (rs.found)
				releases[i] = changed = 1;
		}
	}
	for (size_t i = 0; i < lf->nfuncs; i++) {
		struct rf_fn f;
		struct prescan ps = { &f, 0 };

		memset(&f, 0, sizeof(f));
		f.fc = fc;
		f.spec = spec;
		f.fn = &lf->funcs[i];
		f.releases = releases;
		for (unsigned p = 0; p < f.fn->nparams; p++)
			add_var(&f, f.fn->params[p]);
		ir_walk(f.fn->body, prescan_visit, &ps);
		mark_loop_keys(&f, f.fn->body, 0);
		if (ps.acquires && f.nkeys && f.fn->body)
			analyse_function(&f);
	}
	free(releases);
}
