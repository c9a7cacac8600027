/* Resources as the typestate's second kind of tracked object (see resource_objects.h). */
#include "resource_objects.h"

#include "file_rules.h"
#include "rules.h"
#include "string_list.h"

#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

#define RES_MAX_KEYS 8  /* per class and function */
#define RES_MAX_VARS 48 /* variables the resource states depend on */

static void classify(const struct resource_class *cls, const struct ir_node *call,
		     struct res_call *out)
{
	memset(out, 0, sizeof(*out));
	cls->classify(call, out);
}

/* ------------------------------------------------------------ per file */

struct release_scan {
	const struct resource_class *cls;
	const struct lowered_file *lf;
	const unsigned char *releases;
	int found;
};

static int release_visit(const struct ir_node *n, void *data)
{
	struct release_scan *rs = data;
	struct res_call rc;
	int fi;

	if (rs->found || n->kind != IR_CALL)
		return !rs->found;
	classify(rs->cls, n, &rc);
	fi = lowered_function_index(rs->lf, ir_call_name(n));
	if (rc.role == RES_RELEASE || (fi >= 0 && rs->releases[fi]))
		rs->found = 1;
	return !rs->found;
}

/* The functions of lf that release a resource of cls, directly or through others. */
static unsigned char *releasing_functions(const struct lowered_file *lf,
					  const struct resource_class *cls)
{
	unsigned char *releases = xcalloc(lf->nfuncs + 1, 1);
	int changed = 1;

	while (changed) {
		changed = 0;
		for (size_t i = 0; i < lf->nfuncs; i++) {
			struct release_scan rs = { cls, lf, releases, 0 };

			if (releases[i])
				continue;
			ir_walk(lf->funcs[i].body, release_visit, &rs);
			if (rs.found)
				releases[i] = changed = 1;
		}
	}
	return releases;
}

void resource_classes_init(struct resource_classes *rc, const struct lowered_file *lf,
			   const unsigned char *rule_enabled)
{
	memset(rc, 0, sizeof(*rc));
	rc->lf = lf;
	for (size_t i = 0; rule_enabled && i < rules_count(); i++) {
		const struct resource_class *cls = rule_at(i)->resources;

		if (!rule_enabled[i] || !cls)
			continue;
		rc->cls = xrealloc(rc->cls, (rc->n + 1) * sizeof(*rc->cls));
		rc->releases = xrealloc(rc->releases, (rc->n + 1) * sizeof(*rc->releases));
		rc->cls[rc->n] = cls;
		rc->releases[rc->n] = releasing_functions(lf, cls);
		rc->n++;
	}
}

void resource_classes_free(struct resource_classes *rc)
{
	for (size_t i = 0; i < rc->n; i++)
		free(rc->releases[i]);
	free(rc->releases);
	free(rc->cls);
	memset(rc, 0, sizeof(*rc));
}

/* ------------------------------------------------------------ per function */

static int key_index(const struct resource_table *t, unsigned cls, const char *key)
{
	for (unsigned i = 0; i < t->n; i++)
		if (t->items[i].cls_index == cls && strcmp(t->items[i].key, key) == 0)
			return (int)i;
	return -1;
}

static unsigned keys_of_class(const struct resource_table *t, unsigned cls)
{
	unsigned n = 0;

	for (unsigned i = 0; i < t->n; i++)
		n += t->items[i].cls_index == cls;
	return n;
}

struct scan {
	struct resource_table *t;
	const char *vars[RES_MAX_VARS];
	unsigned nvars;
	int acquires;
};

static void scan_var(struct scan *s, const char *name)
{
	if (!name || s->nvars >= RES_MAX_VARS)
		return;
	for (unsigned i = 0; i < s->nvars; i++)
		if (strcmp(s->vars[i], name) == 0)
			return;
	s->vars[s->nvars++] = name;
}

static int scan_visit(const struct ir_node *n, void *data)
{
	struct scan *s = data;
	struct resource_table *t = s->t;

	if (n->kind == IR_CALL) {
		for (unsigned c = 0; c < t->classes->n; c++) {
			struct tracked_resource *r;
			struct res_call rc;

			classify(t->classes->cls[c], n, &rc);
			if (rc.role != RES_ACQUIRE)
				continue;
			s->acquires = 1;
			if (key_index(t, c, rc.key) >= 0 || keys_of_class(t, c) >= RES_MAX_KEYS)
				continue;
			t->items = xrealloc(t->items, (t->n + 1) * sizeof(*t->items));
			r = &t->items[t->n++];
			memset(r, 0, sizeof(*r));
			r->cls = t->classes->cls[c];
			r->cls_index = c;
			memcpy(r->key, rc.key, RES_KEY_LEN);
			r->acquirer = ir_call_name(n);
			r->acquire_loc = n->loc;
			/* a collapsed array element (unit[].tag_set) stands for many */
			r->weak = strstr(r->key, "[]") != NULL;
		}
	} else if (n->kind == IR_DECLREF && (n->flags & IRF_VAR) && !(n->flags & IRF_POINTER)) {
		/* integers read in conditions too: "if (count == 0) register...;
		 * ... if (count == 0) unregister..." stays correlated */
		scan_var(s, n->name);
	} else if (n->kind == IR_DECL) {
		scan_var(s, n->name);
	} else if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2) {
		const struct ir_node *l = ir_strip(n->kids[0]);

		if (l && l->kind == IR_DECLREF && (l->flags & IRF_VAR))
			scan_var(s, l->name);
	}
	return 1;
}

/* Keys acquired inside a loop body ("for (i = 0; i < N; i++) if
 * (register_blkdev(sd_major(i), "sd")) continue;"): one key stands for a
 * family whose members the paths do not count, like a collapsed array
 * element, so its error returns are not judged. */
static void mark_loop_keys(struct resource_table *t, const struct ir_node *n, int in_loop)
{
	if (!n)
		return;
	if (in_loop && n->kind == IR_CALL) {
		for (unsigned c = 0; c < t->classes->n; c++) {
			struct res_call rc;
			int k;

			classify(t->classes->cls[c], n, &rc);
			k = rc.role == RES_ACQUIRE ? key_index(t, c, rc.key) : -1;
			if (k >= 0)
				t->items[k].in_loop = 1;
		}
	}
	if (n->kind == IR_FOR || n->kind == IR_WHILE || n->kind == IR_DO)
		in_loop = 1;
	for (unsigned i = 0; i < n->nkids; i++)
		mark_loop_keys(t, n->kids[i], in_loop);
}

void resource_table_scan(struct resource_table *t, const struct resource_classes *rc,
			 const struct ir_function *fn,
			 void (*add_var)(void *arg, const char *name), void *arg)
{
	struct scan s = { .t = t };

	memset(t, 0, sizeof(*t));
	t->classes = rc;
	if (!rc || !rc->n || !fn->body)
		return;
	for (unsigned p = 0; p < fn->nparams; p++)
		scan_var(&s, fn->params[p]);
	ir_walk(fn->body, scan_visit, &s);
	if (!t->n)
		return;
	mark_loop_keys(t, fn->body, 0);
	for (unsigned i = 0; i < s.nvars; i++)
		add_var(arg, s.vars[i]);
}

void resource_table_free(struct resource_table *t)
{
	free(t->items);
	memset(t, 0, sizeof(*t));
}

unsigned resource_table_classes(const struct resource_table *t)
{
	unsigned n = 0;

	for (unsigned c = 0; t->n && c < t->classes->n; c++)
		n += keys_of_class(t, c) > 0;
	return n;
}

/* ------------------------------------------------------------ transfer */

static void release_key(uint8_t *res, int k)
{
	if (k >= 0)
		res[k] = RS_RELEASED;
}

static void release_class(const struct resource_table *t, uint8_t *res, unsigned cls)
{
	for (unsigned k = 0; k < t->n; k++)
		if (t->items[k].cls_index == cls)
			release_key(res, (int)k);
}

/* devm_add_action_or_reset(dev, action, data) (6.12: a macro for
 * __devm_add_action_or_reset(..., #action)) with an action of this file
 * that releases: on failure the action has run, on success the device's
 * teardown runs it -- either way the resource named by data is handed
 * over here (apple-nvme's tag sets, devm_apple_nvme_put_tag_set).  The key
 * data names, or every key of the class when it names none of them. */
static void devm_release(const struct resource_table *t, uint8_t *res, unsigned cls,
			 const struct ir_node *call)
{
	const struct ir_node *action = ir_strip(ir_call_arg(call, 1));
	const struct ir_node *data = ir_strip(ir_call_arg(call, 2));
	char path[RES_KEY_LEN];
	int fi, k = -1;

	if (!action || action->kind != IR_DECLREF || !action->name)
		return;
	fi = lowered_function_index(t->classes->lf, action->name);
	if (fi < 0 || !t->classes->releases[cls][fi])
		return;
	if (data && data->kind == IR_UNARY && data->op == CXUnaryOperator_AddrOf && data->nkids == 1)
		data = ir_strip(data->kids[0]);
	if (data && ir_path_text(data, path, sizeof(path)))
		k = key_index(t, cls, path);
	for (unsigned i = 0; i < t->n; i++)
		if (t->items[i].cls_index == cls && (k < 0 || (int)i == k))
			release_key(res, (int)i);
}

static int is_err_value(const char *name)
{
	return !strcmp(name, "PTR_ERR") || !strcmp(name, "ERR_PTR") || !strcmp(name, "ERR_CAST");
}

static void class_call(const struct resource_table *t, uint8_t *res, unsigned cls,
		       const struct ir_node *n, int used)
{
	const char *name = ir_call_name(n);
	struct res_call rc;
	int fi;

	classify(t->classes->cls[cls], n, &rc);
	if (rc.role == RES_ACQUIRE) {
		int k = key_index(t, cls, rc.key);

		if (k < 0)
			return;
		/* void, or result ignored: assume it worked */
		res[k] = !rc.success || !used ? RS_HELD : RS_PENDING;
		return;
	}
	if (rc.role == RES_RELEASE) {
		/* a key this function never acquired may be an alias of one it did
		 * (set = &dev->tag_set): release them all rather than guess */
		int exact = rc.key[0] && key_index(t, cls, rc.key) >= 0;

		for (unsigned k = 0; k < t->n; k++)
			if (t->items[k].cls_index == cls &&
			    (!exact || !t->items[k].key[0] || strcmp(rc.key, t->items[k].key) == 0))
				release_key(res, (int)k);
		return;
	}
	if (is_err_value(name))
		return;
	/* a helper of this file that releases (transitively) releases them all */
	fi = lowered_function_index(t->classes->lf, name);
	if (fi >= 0 && t->classes->releases[cls][fi])
		release_class(t, res, cls);
	if ((!strcmp(name, "devm_add_action_or_reset") ||
	     !strcmp(name, "__devm_add_action_or_reset")) && ir_call_nargs(n) >= 3)
		devm_release(t, res, cls, n);
}

void resource_call(const struct resource_table *t, uint8_t *res, const struct ir_node *call,
		   int used)
{
	for (unsigned c = 0; t->n && c < t->classes->n; c++)
		if (keys_of_class(t, c))
			class_call(t, res, c, call, used);
}

int resource_acquire_result(const struct resource_table *t, const struct ir_node *call,
			    unsigned *bits, int *key, unsigned *success)
{
	for (unsigned c = 0; t->n && c < t->classes->n; c++) {
		struct res_call rc;
		int k;

		classify(t->classes->cls[c], call, &rc);
		if (rc.role != RES_ACQUIRE)
			continue;
		k = key_index(t, c, rc.key);
		if (k < 0 || !rc.success)
			return 0;
		*bits = rc.possible ? rc.possible : VAL_ANY;
		*key = k;
		*success = rc.success;
		return 1;
	}
	return 0;
}

/* ------------------------------------------------------------ refinement */

void resource_resolve(uint8_t *res, int k, unsigned success, unsigned bits)
{
	if (k < 0 || !(res[k] & RS_PENDING))
		return;
	if (!(bits & ~success))
		res[k] = (uint8_t)((res[k] & ~RS_PENDING) | RS_HELD);
	else if (!(bits & success))
		res[k] = (uint8_t)((res[k] & ~RS_PENDING) | RS_NONE);
}

void resource_refine_call(const struct resource_table *t, uint8_t *res,
			  const struct ir_node *call, unsigned mask)
{
	for (unsigned c = 0; t->n && c < t->classes->n; c++) {
		struct res_call rc;

		classify(t->classes->cls[c], call, &rc);
		if (rc.role == RES_ACQUIRE && rc.success)
			resource_resolve(res, key_index(t, c, rc.key), rc.success,
					 mask & (rc.possible ? rc.possible : VAL_ANY));
	}
}

struct mention {
	const char *key;
	int found;
};

static int mention_visit(const struct ir_node *n, void *data)
{
	struct mention *m = data;
	char path[RES_KEY_LEN];
	size_t len = strlen(m->key);

	if (ir_path_text(n, path, sizeof(path)) && !strncmp(path, m->key, len) &&
	    (!path[len] || path[len] == '.' || path[len] == '-' || path[len] == '['))
		m->found = 1;
	return !m->found;
}

void resource_refine_guard(const struct resource_table *t, uint8_t *res,
			   const struct ir_node *cond)
{
	for (unsigned k = 0; k < t->n; k++) {
		const char *key = t->items[k].key;
		struct mention m = { key[0] == '*' ? key + 1 : key, 0 };

		if (!m.key[0] || !(res[k] & RS_HELD))
			continue;
		ir_walk(cond, mention_visit, &m);
		if (m.found)
			res[k] = (uint8_t)((res[k] & ~RS_HELD) | RS_NONE);
	}
}

/* ------------------------------------------------------------ returns */

static unsigned value_bits(const struct resource_table *t, unsigned cls, const struct ir_node *n,
			   int (*var_bits)(const void *arg, const struct ir_node *n), const void *arg)
{
	n = ir_strip(n);
	if (!n)
		return VAL_ANY;
	switch (n->kind) {
	case IR_CALL: {
		struct res_call rc;

		classify(t->classes->cls[cls], n, &rc);
		if (rc.role == RES_ACQUIRE)
			return key_index(t, cls, rc.key) >= 0 && rc.success ?
				       (rc.possible ? rc.possible : VAL_ANY) : VAL_ANY;
		return rc.role == RES_OTHER && is_err_value(ir_call_name(n)) ? VAL_NEG : VAL_ANY;
	}
	case IR_INTLIT:
		if (n->flags & IRF_HAS_VALUE)
			return n->value < 0 ? VAL_NEG : n->value ? VAL_POS : VAL_ZERO;
		return VAL_ANY;
	case IR_DECLREF: {
		int b = var_bits(arg, n);

		return b >= 0 ? (unsigned)b : VAL_ANY;
	}
	case IR_UNARY:
		return value_negative_constant(n) ? VAL_NEG : VAL_ANY;
	case IR_BINARY:
		/* the variable assigned holds the right side's value */
		if (n->op == CXBinaryOperator_Assign && n->nkids == 2)
			return value_bits(t, cls, n->kids[1], var_bits, arg);
		return VAL_ANY;
	default:
		return VAL_ANY;
	}
}

unsigned resource_return_bits(const struct resource_table *t, unsigned cls_index,
			      const struct ir_node *value,
			      int (*var_bits)(const void *arg, const struct ir_node *n),
			      const void *arg)
{
	const struct ir_node *rv = ir_strip(value);

	if (!rv)
		return 0;
	/* a pointer is an error only as ERR_PTR(): not NULL, not an object */
	if ((rv->flags & IRF_POINTER) && rv->kind != IR_CALL)
		return VAL_ZERO;
	return value_bits(t, cls_index, rv, var_bits, arg);
}

int resource_leaked(const struct resource_table *t, unsigned k, const uint8_t *res,
		    unsigned ret_bits)
{
	const struct tracked_resource *r = &t->items[k];

	if (!ret_bits || (ret_bits & VAL_ZERO))
		return 0;
	return (res[k] & RS_HELD) && !r->weak && !r->in_loop;
}
