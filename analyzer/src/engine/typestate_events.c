/*
 * What the rules see of the typestate: events (emit()), the accessors
 * they read a configuration with (typestate.h), and their findings.
 */
#include "typestate_internal.h"

#include "rules.h"
#include "string_list.h"
#include "value_sets.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void emit(struct engine *e, struct lint_event *ev)
{
	struct fn_analysis *fa = e->fa;

	if (!fa->reporting || !e->cur.len)
		return;
	/* a function that tracks only resources has no disk events to tell */
	if (!fa->nobjs && ev->kind != EV_RESOURCE_LEAK)
		return;
	ev->fa = fa;
	ev->configs = &e->cur;
	if (fa->observer)
		fa->observer(ev, fa->observer_arg);
	for (size_t i = 0; fa->rule_enabled && i < rules_count(); i++) {
		const struct rule *r = rule_at(i);

		/* a resource's events go to the rule that classified it */
		if (ev->kind == EV_RESOURCE_LEAK && r->resources != ev->resource->cls)
			continue;
		if (fa->rule_enabled[i] && r->on_event)
			r->on_event(ev);
	}
}

/* ------------------------------------------------------------ returns */

static int value_is_error(const struct fn_analysis *fa, const struct config *c,
			  const struct ir_node *v)
{
	const struct ir_node *n = ir_strip(v);
	int var;

	if (!n || fa->fn->returns_void)
		return 0;
	if (n->kind == IR_CALL) {
		const char *name = ir_api_name(n);

		return strcmp(name, "PTR_ERR") == 0 || strcmp(name, "ERR_PTR") == 0 ||
		       strcmp(name, "ERR_CAST") == 0;
	}
	if (value_negative_constant(n))
		return 1;
	/* a pointer variable (tracked for a resource's sake) is no error code */
	var = n->flags & IRF_POINTER ? -1 : var_of(fa, n);
	if (var >= 0)
		return c->vars[var].bits && !(c->vars[var].bits & VAL_ZERO);
	return 0;
}

unsigned ev_nconfigs(const struct lint_event *ev)
{
	return ev->configs->len;
}

const struct obj_state *ev_obj(const struct lint_event *ev, unsigned config, int obj)
{
	return &((const struct config *)ev->configs->items[config])->objs[obj];
}

int ev_return_is_error(const struct lint_event *ev, unsigned config)
{
	return value_is_error(ev->fa, ev->configs->items[config], ev->ret_value);
}

int ev_return_is_zero(const struct lint_event *ev, unsigned config)
{
	const struct ir_node *n = ir_strip(ev->ret_value);
	int var;

	if (!n || ev->fa->fn->returns_void)
		return 0;
	if (value_zero_literal(n))
		return 1;
	var = n->flags & IRF_POINTER ? -1 : var_of(ev->fa, n);
	return var >= 0 &&
	       ((const struct config *)ev->configs->items[config])->vars[var].bits == VAL_ZERO;
}

int ev_return_hands_over(const struct lint_event *ev, unsigned config, int obj)
{
	const struct fn_analysis *fa = ev->fa;
	const struct config *c = ev->configs->items[config];
	char buf[PATH_MAX_LEN];
	size_t len;

	if (!ev->ret_value || !render_path(ev->ret_value, buf, sizeof(buf), NULL))
		return 0;
	len = strlen(buf);
	for (unsigned i = 0; i < fa->nobjs; i++) {
		const char *p = fa->objs[i].path;

		if (c->objs[i].group != c->objs[obj].group)
			continue;
		if (strcmp(p, buf) == 0)
			return 1;
		if (strncmp(p, buf, len) == 0 && (p[len] == '-' || p[len] == '.' || p[len] == '['))
			return 1;
	}
	return 0;
}

int ev_is_group_leader(const struct lint_event *ev, unsigned config, int obj)
{
	return ((const struct config *)ev->configs->items[config])->objs[obj].group == obj;
}

int ev_group_is_weak(const struct lint_event *ev, unsigned config, int obj)
{
	const struct config *c = ev->configs->items[config];

	for (unsigned i = 0; i < ev->fa->nobjs; i++)
		if (c->objs[i].group == c->objs[obj].group && ev->fa->objs[i].weak)
			return 1;
	return 0;
}

int ev_same_element(const struct lint_event *ev, const struct ir_node *prev)
{
	return same_element(ev->elem, prev);
}

const char *ev_obj_path(const struct lint_event *ev, int obj)
{
	return ev->fa->objs[obj].path;
}

static int cond_has_check(const struct fn_analysis *fa, const struct ir_node *n, int obj,
			  enum check_kind kind)
{
	enum check_kind k = CHECK_NULL;

	n = ir_strip(n);
	if (!n)
		return 0;
	if (check_of((struct fn_analysis *)fa, n, &k) == obj && k == kind &&
	    (n->kind == IR_CALL || kind == CHECK_NULL))
		return 1;
	if (n->kind == IR_UNARY || n->kind == IR_BINARY || n->kind == IR_CONDOP)
		for (unsigned i = 0; i < n->nkids; i++)
			if (cond_has_check(fa, n->kids[i], obj, kind))
				return 1;
	return 0;
}

int ev_cond_has_check(const struct lint_event *ev, enum check_kind kind)
{
	return ev->root_cond && cond_has_check(ev->fa, ev->root_cond, ev->obj, kind);
}

/* Does the subtree name obj (an access path that is obj or goes through it)? */
static int names_obj(const struct fn_analysis *fa, const struct ir_node *n, int obj)
{
	if (!n)
		return 0;
	if ((n->kind == IR_DECLREF || n->kind == IR_MEMBER || n->kind == IR_SUBSCRIPT) &&
	    obj_of(fa, n) == obj)
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (names_obj(fa, n->kids[i], obj))
			return 1;
	return 0;
}

/* The if statement of the event's condition is kid i of the compound s:
 * the condition of the first later if that checks obj with kind, when
 * only statements that do not name obj (nor leave the straight line: a
 * return, goto, break, continue or label) come between. */
static const struct ir_node *check_after(const struct lint_event *ev, const struct ir_node *s,
					 unsigned i, enum check_kind kind)
{
	for (unsigned j = i + 1; j < s->nkids; j++) {
		const struct ir_node *k = s->kids[j];

		if (k->kind == IR_IF && k->nkids >= 2 &&
		    cond_has_check(ev->fa, k->kids[0], ev->obj, kind))
			return k->kids[0];
		if (k->kind == IR_RETURN || k->kind == IR_GOTO || k->kind == IR_BREAK ||
		    k->kind == IR_CONTINUE || k->kind == IR_LABEL || names_obj(ev->fa, k, ev->obj))
			return NULL;
	}
	return NULL;
}

static const struct ir_node *check_follows_in(const struct lint_event *ev, const struct ir_node *n,
					      enum check_kind kind, int *found)
{
	if (!n || *found)
		return NULL;
	for (unsigned i = 0; i < n->nkids; i++) {
		const struct ir_node *k = n->kids[i], *r;

		if (k->kind == IR_IF && k->nkids >= 2 && k->kids[0] == ev->root_cond) {
			*found = 1;
			/* the branches of the test itself must leave the object alone */
			if (names_obj(ev->fa, k->kids[1], ev->obj))
				return NULL;
			if (k->nkids > 2) {
				const struct ir_node *e = ir_strip(k->kids[2]);

				/* if (!d) ...; else if (IS_ERR(d)) ... */
				if (e && e->kind == IR_IF && e->nkids >= 2 &&
				    cond_has_check(ev->fa, e->kids[0], ev->obj, kind))
					return e->kids[0];
				return NULL;
			}
			return n->kind == IR_COMPOUND ? check_after(ev, n, i, kind) : NULL;
		}
		r = check_follows_in(ev, k, kind, found);
		if (r || *found)
			return r;
	}
	return NULL;
}

const struct ir_node *ev_check_follows(const struct lint_event *ev, enum check_kind kind)
{
	int found = 0;

	if (ev->kind != EV_ALLOC_CHECK || !ev->root_cond || ev->obj < 0)
		return NULL;
	return check_follows_in(ev, ev->fa->fn->body, kind, &found);
}

const char *ev_target_version(const struct lint_event *ev)
{
	return ev->fa->target->version[0] ? ev->fa->target->version : "6.12";
}

static char *vformat(const char *fmt, va_list ap)
{
	char *msg = NULL;

	if (vasprintf(&msg, fmt, ap) < 0 || !msg)
		return xstrdup(fmt);
	return msg;
}

struct finding *lint_report(const struct lint_event *ev, const char *rule_id, struct ir_loc loc,
			    const char *fmt, ...)
{
	const struct rule *r = rule_at((size_t)rule_index(rule_id));
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = vformat(fmt, ap);
	va_end(ap);
	return finding_add(ev->fa->findings, r->id, r->severity, r->confidence, loc,
			   ev->fa->fn->name, msg);
}

void lint_note(struct finding *f, struct ir_loc loc, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (!f)
		return;
	va_start(ap, fmt);
	msg = vformat(fmt, ap);
	va_end(ap);
	finding_add_note(f, loc, msg);
}
