/*
 * The typestate's transfer functions: what an expression does to the
 * configurations -- lifecycle calls (add, del, put), uses, escapes,
 * assignments of disks and integers, ++/--.
 */
#include "typestate_internal.h"

#include "kernel_version.h"
#include "summary_table.h"
#include "value_sets.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------ state changes */

static void detach(const struct fn_analysis *fa, struct config *c, int obj)
{
	int leader = -1;

	for (unsigned i = 0; i < fa->nobjs; i++) {
		if ((int)i == obj || c->objs[i].group != obj)
			continue;
		if (leader < 0)
			leader = (int)i;
		c->objs[i].group = (int16_t)leader;
	}
	c->objs[obj].group = (int16_t)obj;
}

/* Apply f to obj and every alias of it in c. */
void for_group(const struct fn_analysis *fa, struct config *c, int obj,
	       void (*f)(struct obj_state *, const void *), const void *arg)
{
	int g = c->objs[obj].group;

	for (unsigned i = 0; i < fa->nobjs; i++)
		if (c->objs[i].group == g)
			f(&c->objs[i], arg);
}

struct transition {
	enum lint_event_kind kind;
	struct ir_loc loc;
	int add_returns_int;
	const struct ir_node *elem;
};

static void apply_transition(struct obj_state *o, const void *arg)
{
	const struct transition *t = arg;
	uint16_t live = (uint16_t)(o->bits & ~DS_NONE);
	uint16_t none = (uint16_t)(o->bits & DS_NONE);

	switch (t->kind) {
	case EV_ADD:
		if (live)
			o->bits = (uint16_t)(none | (t->add_returns_int ? DS_ADD_PENDING : DS_ADDED));
		if (live && !t->add_returns_int)
			o->added_once = 1;
		o->add_loc = t->loc;
		o->add_self_cleans = 0; /* the driver's own add_disk() */
		break;
	case EV_DEL:
		/* deleting a put disk is a use after put: it stays put */
		if (live)
			o->bits = (uint16_t)(none | (o->bits & DS_PUT) |
					     ((live & ~DS_PUT) ? DS_DELETED : 0));
		o->del_loc = t->loc;
		o->del_elem = t->elem;
		break;
	case EV_PUT:
		if (live) {
			o->put_from = live;
			o->bits = (uint16_t)(none | DS_PUT);
		}
		o->put_loc = t->loc;
		o->put_elem = t->elem;
		break;
	default:
		break;
	}
}

static void mark_escaped(struct obj_state *o, const void *arg)
{
	(void)arg;
	o->escaped = 1;
}

/* elem: the argument as written (the disk, or the struct a summarised
 * helper reaches it through), for collapsed array elements */
void lifecycle(struct engine *e, enum lint_event_kind kind, int obj, struct ir_loc loc,
	       const char *callee, int via_helper, int discarded, const struct ir_node *elem)
{
	struct fn_analysis *fa = e->fa;
	char buf[PATH_MAX_LEN];
	struct lint_event ev = { .kind = kind, .obj = obj, .loc = loc, .callee = callee,
				 .via_helper = via_helper, .result_discarded = discarded };
	struct transition t = { .kind = kind, .loc = loc,
				.add_returns_int = add_disk_returns_int(fa->target) };

	if (obj < 0)
		return;
	if (fa->objs[obj].weak && elem && render_elem(elem, buf, sizeof(buf)))
		ev.elem = t.elem = elem;
	ev.path = fa->objs[obj].path;
	emit(e, &ev);
	if (kind == EV_DEL || kind == EV_PUT)
		ranges_taint(e, obj);
	for (unsigned k = 0; k < e->cur.len; k++)
		for_group(fa, e->cur.items[k], obj, apply_transition, &t);
}

static void assume_checked(struct obj_state *o, const void *arg)
{
	(void)arg;
	if (o->bits & DS_UNCHECKED)
		o->bits = (uint16_t)((o->bits & ~DS_UNCHECKED) | DS_ALLOCATED);
}

void use(struct engine *e, int obj, struct ir_loc loc, const char *callee)
{
	struct lint_event ev = { .kind = EV_USE, .obj = obj, .loc = loc, .callee = callee };

	if (obj < 0)
		return;
	ev.path = e->fa->objs[obj].path;
	emit(e, &ev);
	/* the driver assumed success here: report an unchecked disk once */
	for (unsigned k = 0; k < e->cur.len; k++)
		for_group(e->fa, e->cur.items[k], obj, assume_checked, NULL);
}

static struct value classify(struct fn_analysis *fa, const struct ir_node *n)
{
	struct value v = { .kind = V_UNKNOWN, .index = -1, .bits = VAL_ANY };
	int idx;

	n = ir_strip(n);
	if (!n)
		return v;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2)
		return classify(fa, n->kids[0]); /* a = b = x: the value of a is b's */
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Comma && n->nkids == 2)
		return classify(fa, n->kids[1]);
	if (n->kind == IR_CALL) {
		const char *name = ir_api_name(n);

		if (is_allocator(name) || wrap_index(fa, n) >= 0) {
			v.kind = V_ALLOC;
			v.call = n;
		} else if (!strcmp(name, "ERR_PTR") || !strcmp(name, "ERR_CAST")) {
			v.kind = V_ERRPTR; /* no disk */
		} else if (resource_acquire_result(&fa->resources, n, &v.bits, &v.index,
						   &v.success)) {
			v.kind = V_ACQUIRE_RESULT;
		} else if ((idx = alloc_result_obj(fa, n)) >= 0) {
			v.kind = V_ALLOC_RESULT;
			v.index = idx;
			v.call = n;
		} else if ((idx = add_result_obj(fa, n)) >= 0) {
			v.kind = V_ADD_RESULT;
			v.index = idx;
			v.bits = VAL_ZERO | VAL_NEG;
		} else if (strcmp(name, "PTR_ERR") == 0) {
			v.kind = V_INT;
			v.bits = VAL_NEG;
		} else if (strcmp(name, "PTR_ERR_OR_ZERO") == 0 && ir_call_arg(n, 0) &&
			   (idx = obj_of(fa, ir_call_arg(n, 0))) >= 0) {
			v.kind = V_ALLOC_ERROR;
			v.index = idx;
			v.bits = VAL_ZERO | VAL_NEG;
		}
		return v;
	}
	if (n->kind == IR_INTLIT && (n->flags & IRF_HAS_VALUE)) {
		if (n->value == 0) {
			v.kind = V_NULL;
			v.bits = VAL_ZERO;
		} else {
			v.kind = V_INT;
			v.bits = n->value < 0 ? VAL_NEG : VAL_POS;
		}
		return v;
	}
	if (value_negative_constant(n)) {
		v.kind = V_INT;
		v.bits = VAL_NEG;
		return v;
	}
	if ((idx = obj_of(fa, n)) >= 0) {
		v.kind = V_OBJ;
		v.index = idx;
		return v;
	}
	if ((idx = var_of(fa, n)) >= 0) {
		v.kind = V_VAR;
		v.index = idx;
	}
	return v;
}

void assign_object(struct engine *e, int obj, const struct value *v, struct ir_loc loc)
{
	struct fn_analysis *fa = e->fa;

	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];
		struct obj_state *o = &c->objs[obj];
		struct range_facts rf;

		if (v->kind == V_OBJ && v->index == obj)
			continue;
		detach(fa, c, obj);
		if (v->kind == V_OBJ) {
			*o = c->objs[v->index];
			continue;
		}
		save_ranges(o, &rf);
		{
			/* a collapsed array element stands for all: one of them was added */
			uint8_t once = fa->objs[obj].weak ? o->added_once : 0;
			/* NULL stored over a put disk (put_disk(d->disk); d->disk =
			 * NULL): the field is cleared, the put is remembered */
			int cleared = v->kind == V_NULL && o->bits == DS_PUT;
			struct ir_loc put_loc = o->put_loc, del_loc = o->del_loc;

			memset(o, 0, sizeof(*o));
			o->added_once = once;
			if (cleared) {
				o->put_loc = put_loc;
				o->del_loc = del_loc;
				o->cleared = 1;
			}
		}
		o->group = (int16_t)obj;
		if (v->kind == V_ALLOC) {
			const char *name = ir_call_name(v->call);
			int w = wrap_index(fa, v->call);

			o->bits = DS_UNCHECKED;
			o->alloc_loc = v->call->loc;
			o->alloc_fn = name;
			o->conv = (uint8_t)(w >= 0 ? fa->wrap_conv[w]
						   : alloc_convention_of_call(fa->target, v->call));
			o->conv_by_call = (v->call->flags & IRF_UNRESOLVED) != 0;
		} else if (v->kind == V_NULL || v->kind == V_ERRPTR) {
			o->bits = DS_NONE;
		} else {
			o->bits = DS_ENTRY;
		}
		/* one element has a new value: the array's ranges stay, unless
		 * what it holds now is unknown */
		if (fa->objs[obj].weak) {
			restore_ranges(o, &rf);
			if (v->kind == V_UNKNOWN)
				o->rng_other = 1;
		}
		(void)loc;
	}
}

static void assign_var(struct engine *e, int var, const struct value *v)
{
	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];
		struct var_state *s = &c->vars[var];

		if (v->kind == V_VAR) {
			*s = c->vars[v->index];
			continue;
		}
		s->bits = (uint8_t)v->bits;
		s->link = -1;
		s->link_kind = LINK_NONE;
		s->link_success = 0;
		if (v->kind == V_ACQUIRE_RESULT) {
			s->link = (int16_t)v->index;
			s->link_kind = LINK_ACQUIRE_RESULT;
			s->link_success = (uint8_t)v->success;
		} else if (v->kind == V_ADD_RESULT) {
			s->link = (int16_t)v->index;
			s->link_kind = LINK_ADD_RESULT;
		} else if (v->kind == V_ALLOC_ERROR) {
			s->link = (int16_t)v->index;
			s->link_kind = LINK_ALLOC_ERROR;
		}
	}
}

/* The base pointer of field paths changed (brd = next in a list walk):
 * every disk reached through it is another, unknown one now. */
static void rebase_paths(struct engine *e, const char *base)
{
	struct fn_analysis *fa = e->fa;
	size_t len = strlen(base);
	struct value unknown = { .kind = V_UNKNOWN, .index = -1, .bits = VAL_ANY };

	for (unsigned i = 0; i < fa->nobjs; i++) {
		const char *p = fa->objs[i].path;

		if (strncmp(p, base, len) == 0 && (p[len] == '-' || p[len] == '.' || p[len] == '['))
			assign_object(e, (int)i, &unknown, (struct ir_loc){ 0, 0 });
	}
}

/* The variable name was written (or its address taken): array elements
 * remembered through an index naming it are other elements now. */
static void forget_elements(struct engine *e, const char *name)
{
	if (!name)
		return;
	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];

		for (unsigned i = 0; i < e->fa->nobjs; i++) {
			struct obj_state *o = &c->objs[i];

			if (o->del_elem && ir_mentions_var(o->del_elem, name))
				o->del_elem = NULL;
			if (o->put_elem && ir_mentions_var(o->put_elem, name))
				o->put_elem = NULL;
		}
	}
}

/* In c, obj is the disk a helper that allocates when it returns 0 made at
 * call (it returned 0). */
void helper_allocated(const struct fn_analysis *fa, struct config *c, int obj,
		      const struct ir_node *call)
{
	struct obj_state *o;
	struct range_facts rf;
	uint8_t once;

	detach(fa, c, obj);
	o = &c->objs[obj];
	once = fa->objs[obj].weak ? o->added_once : 0;
	save_ranges(o, &rf);
	memset(o, 0, sizeof(*o));
	restore_ranges(o, &rf);
	o->group = (int16_t)obj;
	o->added_once = once;
	o->bits = DS_ALLOCATED;
	o->alloc_loc = call->loc;
	o->alloc_fn = ir_call_name(call);
	o->conv = ALLOC_RETURNS_EITHER;
}

/* err = helper(...) where the helper allocates when it returns 0: each
 * configuration becomes two, err == 0 with the disk allocated by the call,
 * err != 0 with the disk as it was. */
static void split_alloc_result(struct engine *e, int var, const struct value *v)
{
	struct fn_analysis *fa = e->fa;
	unsigned n = e->cur.len;

	for (unsigned k = 0; k < n; k++) {
		struct config *fail = e->cur.items[k], *ok = config_copy(fa, fail);

		fail->vars[var].bits = VAL_NEG | VAL_POS;
		fail->vars[var].link = -1;
		fail->vars[var].link_kind = LINK_NONE;
		ok->vars[var].bits = VAL_ZERO;
		ok->vars[var].link = -1;
		ok->vars[var].link_kind = LINK_NONE;
		helper_allocated(fa, ok, v->index, v->call);
		df_set_push(&e->cur, ok);
	}
}

/* lhs = rhs copies a struct pointer: the disks tracked under lhs
 * (lhs->disk) are now those under rhs (gdram_devs[index] = gdev). */
static void copy_prefix(struct engine *e, const struct ir_node *lhs, const struct ir_node *rhs)
{
	struct fn_analysis *fa = e->fa;
	char l[PATH_MAX_LEN], r[PATH_MAX_LEN], buf[PATH_MAX_LEN];
	const struct ir_node *rs = ir_strip(rhs);

	if (rs && rs->kind == IR_BINARY && rs->op == CXBinaryOperator_Assign && rs->nkids == 2)
		rs = ir_strip(rs->kids[0]);
	if (!render_path(lhs, l, sizeof(l), NULL) || !rs || !render_path(rs, r, sizeof(r), NULL) ||
	    !strcmp(l, r))
		return;
	for (unsigned i = 0; i < fa->nobjs; i++) {
		const char *sfx = field_suffix(fa->objs[i].path, r);
		struct value v = { .kind = V_OBJ, .index = (int)i, .bits = VAL_ANY };
		int to;

		if (!sfx || snprintf(buf, sizeof(buf), "%s%s", l, sfx) >= (int)sizeof(buf) ||
		    (to = find_obj(fa, buf)) < 0 || to == (int)i)
			continue;
		assign_object(e, to, &v, rhs->loc);
	}
}

static const char *declref_name(const struct ir_node *n)
{
	n = ir_strip(n);
	return n && n->kind == IR_DECLREF ? n->name : NULL;
}

static void assign_to(struct engine *e, const struct ir_node *lhs, const char *decl_name,
		      const struct ir_node *rhs)
{
	struct fn_analysis *fa = e->fa;
	struct value v = classify(fa, rhs);
	int obj = decl_name ? find_obj(fa, decl_name) : obj_of(fa, lhs);
	int var = decl_name ? find_var(fa, decl_name) : var_of(fa, lhs);
	char base[PATH_MAX_LEN];

	forget_elements(e, decl_name ? decl_name : declref_name(lhs));
	if (var >= 0)
		ranges_var_written(e, var, lhs ? lhs : rhs);
	if (decl_name) {
		rebase_paths(e, decl_name);
	} else if (render_path(lhs, base, sizeof(base), NULL)) {
		rebase_paths(e, base);
		ranges_path_written(e, base);
	}

	if (obj >= 0)
		assign_object(e, obj, &v, rhs ? rhs->loc : (struct ir_loc){ 0, 0 });
	else if (var >= 0 && v.kind == V_ALLOC_RESULT)
		split_alloc_result(e, var, &v);
	else if (var >= 0)
		assign_var(e, var, &v);
	if (!decl_name && rhs)
		copy_prefix(e, lhs, rhs);
}

/* lhs changed in a way the engine does not compute (x++, p += n, x |= y):
 * an integer's value is unknown now, and a pointer that moved (cd++ in a
 * walk over an array of devices) reaches other disks through its fields. */
static void forget_var(struct engine *e, const struct ir_node *lhs)
{
	int var = var_of(e->fa, lhs);
	struct value v = { .kind = V_UNKNOWN, .bits = VAL_ANY, .index = -1 };
	char base[PATH_MAX_LEN];

	forget_elements(e, declref_name(lhs));
	ranges_var_written(e, var, lhs);
	if (var >= 0)
		assign_var(e, var, &v);
	if (render_path(lhs, base, sizeof(base), NULL)) {
		rebase_paths(e, base);
		ranges_path_written(e, base);
	}
}

/* x++ / x-- on an integer: zero becomes positive (or negative), a
 * positive value stays positive after ++ (a counter of successes). */
static void step_var(struct engine *e, const struct ir_node *lhs, int inc)
{
	int var = var_of(e->fa, lhs);
	char base[PATH_MAX_LEN];

	forget_elements(e, declref_name(lhs));
	ranges_var_written(e, var, lhs);
	if (render_path(lhs, base, sizeof(base), NULL)) {
		rebase_paths(e, base);
		ranges_path_written(e, base);
	}
	if (var < 0)
		return;
	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];
		struct var_state *vs = &c->vars[var];
		unsigned b = vs->bits, out = 0;

		if (inc) {
			if (b & VAL_ZERO)
				out |= VAL_POS;
			if (b & VAL_POS)
				out |= VAL_POS;
			if (b & VAL_NEG)
				out |= VAL_NEG | VAL_ZERO;
		} else {
			if (b & VAL_ZERO)
				out |= VAL_NEG; /* an unsigned wraps: not > 0 either */
			if (b & VAL_POS)
				out |= VAL_POS | VAL_ZERO;
			if (b & VAL_NEG)
				out |= VAL_NEG;
		}
		vs->prev_bits = (uint8_t)b;
		vs->bits = (uint8_t)out;
		vs->link = -1;
		vs->link_kind = LINK_NONE;
	}
}

/* --------------------------------------------------------- evaluation */

/* Any call that is not one of the lifecycle API's own: rules that judge
 * other functions (a free of the disk's owner) see the state before it. */
static void emit_call(struct engine *e, const struct ir_node *n, const char *name)
{
	struct lint_event ev = { .kind = EV_CALL, .obj = -1, .loc = n->loc, .callee = name,
				 .call = n };

	emit(e, &ev);
}

static void eval_call(struct engine *e, const struct ir_node *n, int used)
{
	struct fn_analysis *fa = e->fa;
	const char *name = ir_call_name(n);
	const char *api = ir_api_name(n); /* "" for the driver's own functions */
	unsigned nargs = ir_call_nargs(n);
	int ai = add_disk_arg(api);

	/* a call through a pointer: evaluating the callee may dereference a disk */
	if (n->nkids && ir_strip(n->kids[0]) && ir_strip(n->kids[0])->kind != IR_DECLREF)
		eval(e, n->kids[0], 1);
	for (unsigned i = 0; i < nargs; i++) {
		const struct ir_node *arg = ir_strip(n->kids[i + 1]);

		eval(e, n->kids[i + 1], 1);
		/* &i handed to a call (idr_get_next(idr, &id)): i may change */
		if (arg && arg->kind == IR_UNARY && arg->op == CXUnaryOperator_AddrOf &&
		    arg->nkids == 1) {
			forget_elements(e, declref_name(arg->kids[0]));
			ranges_var_written(e, var_of(fa, arg->kids[0]), arg);
		}
	}
	e->call = n;
	resource_effects(e, n, used);
	if (!fa->nobjs)
		return; /* no disk to follow: the rest is about disks */

	if (ai >= 0) {
		if ((unsigned)ai < nargs)
			lifecycle(e, EV_ADD, obj_of(fa, ir_call_arg(n, (unsigned)ai)), n->loc, name,
				  0, !used, NULL);
		return;
	}
	/* blk_cleanup_disk() (5.14-5.19) is queue cleanup plus put_disk(),
	 * whatever kernel the headers are */
	if (strcmp(api, "del_gendisk") == 0 || strcmp(api, "put_disk") == 0 ||
	    strcmp(api, "blk_cleanup_disk") == 0) {
		if (nargs >= 1)
			lifecycle(e, api[0] == 'd' ? EV_DEL : EV_PUT,
				  obj_of(fa, ir_call_arg(n, 0)), n->loc, name, 0, 0, ir_call_arg(n, 0));
		return;
	}
	if (is_allocator(api) || is_err_helper(api))
		return;
	emit_call(e, n, name);
	if (devm_hand_over(e, n) || owner_release_hand_over(e, n))
		return;
	if (fa->summaries && summary_function_index(fa->summaries, n->name ? n->name : "") >= 0) {
		apply_helper_summary(e, n, name, used);
		return;
	}
	for (unsigned i = 0; i < nargs; i++) {
		const struct ir_node *arg = ir_call_arg(n, i);
		int obj = obj_of(fa, arg);

		if (obj < 0)
			continue;
		use(e, obj, arg->loc, name);
		if (!name_in(non_escaping, api)) {
			ranges_taint(e, obj);
			for (unsigned k = 0; k < e->cur.len; k++)
				for_group(fa, e->cur.items[k], obj, mark_escaped, NULL);
		}
	}
}

void eval(struct engine *e, const struct ir_node *n, int used)
{
	struct fn_analysis *fa = e->fa;

	if (!n || !e->cur.len)
		return;
	switch (n->kind) {
	case IR_CALL:
		eval_call(e, n, used);
		return;
	case IR_SIZEOF:
		return;
	case IR_DECL:
		if (n->nkids == 1) {
			const struct ir_node *saved = fa->assign_call;

			fa->assign_call = find_var(fa, n->name) >= 0 ? ir_strip(n->kids[0]) : NULL;
			eval(e, n->kids[0], 1);
			fa->assign_call = saved;
			assign_to(e, NULL, n->name, n->kids[0]);
		}
		return;
	case IR_MEMBER:
		if ((n->flags & IRF_ARROW) && n->nkids == 1) {
			int obj = obj_of(fa, n->kids[0]);

			if (obj >= 0)
				use(e, obj, n->kids[0]->loc, NULL);
		}
		break;
	case IR_UNARY:
		if (n->op == CXUnaryOperator_Deref && n->nkids == 1) {
			int obj = obj_of(fa, n->kids[0]);

			if (obj >= 0)
				use(e, obj, n->kids[0]->loc, NULL);
		}
		if (n->op >= CXUnaryOperator_PostInc && n->op <= CXUnaryOperator_PreDec &&
		    n->nkids == 1) {
			eval(e, n->kids[0], 1);
			step_var(e, n->kids[0], n->op == CXUnaryOperator_PostInc ||
						n->op == CXUnaryOperator_PreInc);
			return;
		}
		if (n->op == CXUnaryOperator_AddrOf)
			return; /* &disk, &dev->disk: no access */
		break;
	case IR_BINARY:
		if (n->nkids != 2)
			break;
		if (n->op == CXBinaryOperator_Assign) {
			const struct ir_node *saved = fa->assign_call;

			fa->assign_call = var_of(fa, n->kids[0]) >= 0 ? ir_strip(n->kids[1]) : NULL;
			eval(e, n->kids[1], 1);
			fa->assign_call = saved;
			eval(e, n->kids[0], 1);
			assign_to(e, n->kids[0], NULL, n->kids[1]);
			return;
		}
		if (n->op > CXBinaryOperator_Assign && n->op <= CXBinaryOperator_OrAssign) {
			eval(e, n->kids[1], 1);
			eval(e, n->kids[0], 1);
			forget_var(e, n->kids[0]);
			return;
		}
		if (n->op == CXBinaryOperator_Comma) {
			eval(e, n->kids[0], 0);
			eval(e, n->kids[1], used);
			return;
		}
		break;
	case IR_STMTEXPR:
	case IR_COMPOUND:
		for (unsigned i = 0; i < n->nkids; i++)
			eval(e, n->kids[i], n->kind == IR_STMTEXPR || i + 1 == n->nkids ? used : 0);
		return;
	default:
		break;
	}
	for (unsigned i = 0; i < n->nkids; i++)
		eval(e, n->kids[i], 1);
}
