/* Facts about the structures holding a gendisk: see owner_fields.h. */
#include "owner_fields.h"

#include "file_rules.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

#define OF_PATH_LEN 256

static const char *const free_arg0[] = { "kfree", "kvfree", "kfree_sensitive", "kzfree",
					  "vfree", NULL };
static const char *const free_arg1[] = { "devm_kfree", "kmem_cache_free", NULL };
static const char *const put_embedded[] = { "kobject_put", "put_device", NULL };
static const char *const disk_calls[] = { "add_disk", "device_add_disk", "del_gendisk",
					   "put_disk", "blk_cleanup_disk", NULL };

static int in_list(const char *const *l, const char *s)
{
	for (; s && *l; l++)
		if (!strcmp(*l, s))
			return 1;
	return 0;
}

const struct ir_node *owner_freed_by(const struct ir_node *call)
{
	const char *name = ir_api_name(call);

	if (!call || call->kind != IR_CALL)
		return NULL;
	if (in_list(free_arg0, name))
		return ir_strip(ir_call_arg(call, 0));
	if (in_list(free_arg1, name))
		return ir_strip(ir_call_arg(call, 1));
	return NULL;
}

const struct ir_node *owner_released_by(const struct ir_node *call)
{
	const char *name = ir_api_name(call);
	const struct ir_node *a = owner_freed_by(call);

	if (a || !call || call->kind != IR_CALL)
		return a;
	if (in_list(put_embedded, name)) {
		a = ir_strip(ir_call_arg(call, 0));
		/* &x->kobj, &x->dev: the object embedding the refcount */
		if (a && a->kind == IR_UNARY && a->op == CXUnaryOperator_AddrOf && a->nkids == 1 &&
		    (a = ir_strip(a->kids[0])) != NULL && a->kind == IR_MEMBER && a->nkids == 1)
			return ir_strip(a->kids[0]);
	}
	return NULL;
}

/* The main file's function called name, or NULL. */
static const struct ir_function *main_file_function(const struct lowered_file *lf,
						    const char *name)
{
	int i = lowered_function_index(lf, name);

	return i < 0 ? NULL : &lf->funcs[i];
}

struct scan {
	const char *param; /* helper's parameter name */
	const char *suffix;
	int freed, disk_call, cleared;
};

static int is_null(const struct ir_node *n)
{
	n = ir_strip(n);
	return n && n->kind == IR_INTLIT && (n->flags & IRF_HAS_VALUE) && n->value == 0;
}

static int scan_visit(const struct ir_node *n, void *data)
{
	struct scan *s = data;
	char buf[OF_PATH_LEN], want[OF_PATH_LEN];

	if (n->kind == IR_CALL) {
		const struct ir_node *o = owner_freed_by(n);

		if (in_list(disk_calls, ir_api_name(n)))
			s->disk_call = 1;
		if (o && ir_path_text(o, buf, sizeof(buf)) && !strcmp(buf, s->param))
			s->freed = 1;
	} else if (s->suffix && n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign &&
		   n->nkids == 2 && is_null(n->kids[1]) &&
		   ir_path_text(n->kids[0], buf, sizeof(buf)) &&
		   snprintf(want, sizeof(want), "%s%s", s->param, s->suffix) < (int)sizeof(want) &&
		   !strcmp(buf, want)) {
		s->cleared = 1;
	}
	return 1;
}

/* Scan helper for what it does to its parameter k (suffix: the field). */
static void scan_helper(const struct ir_function *h, unsigned k, const char *suffix,
			struct scan *s)
{
	memset(s, 0, sizeof(*s));
	if (!h || k >= h->nparams || !h->params[k] || !*h->params[k])
		return;
	s->param = h->params[k];
	s->suffix = suffix;
	ir_walk(h->body, scan_visit, s);
}

const struct ir_node *owner_freed_by_helper(const struct lowered_file *lf,
					    const struct ir_node *call)
{
	const struct ir_function *h;

	if (!call || call->kind != IR_CALL || !(h = main_file_function(lf, call->name)))
		return NULL;
	for (unsigned k = 0; k < ir_call_nargs(call) && k < h->nparams; k++) {
		struct scan s;

		scan_helper(h, k, NULL, &s);
		if (s.freed && !s.disk_call)
			return ir_strip(ir_call_arg(call, k));
	}
	return NULL;
}

struct find_record {
	const char *path;
	const char *record;
	int found;
};

static int record_visit(const struct ir_node *n, void *data)
{
	struct find_record *f = data;
	char buf[OF_PATH_LEN];

	if (f->found)
		return 0;
	if (n->kind == IR_MEMBER && ir_path_text(n, buf, sizeof(buf)) && !strcmp(buf, f->path)) {
		f->record = n->record;
		f->found = 1;
		return 0;
	}
	return 1;
}

const char *owner_field_record(const struct ir_function *fn, const char *path)
{
	struct find_record f = { .path = path };

	ir_walk(fn->body, record_visit, &f);
	return f.record;
}

struct find_read {
	const char *record, *field;
	int teardown; /* only reads passed to del_gendisk()/put_disk() */
	const struct ir_node *skip; /* the left side of the assignment being walked */
	const struct ir_node *hit;
};

static int read_visit(const struct ir_node *n, void *data)
{
	struct find_read *f = data;

	if (f->hit)
		return 0;
	if (f->teardown) {
		const char *api = n->kind == IR_CALL ? ir_api_name(n) : "";
		const struct ir_node *a;

		if ((!strcmp(api, "del_gendisk") || !strcmp(api, "put_disk")) &&
		    (a = ir_strip(ir_call_arg(n, 0))) != NULL && a->kind == IR_MEMBER && a->name &&
		    !strcmp(a->name, f->field) &&
		    (!f->record || !a->record || !strcmp(f->record, a->record)))
			f->hit = a;
		return !f->hit;
	}
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2) {
		const struct ir_node *l = ir_strip(n->kids[0]);

		/* x->field = v writes the field; its base x is still read */
		if (l && l->kind == IR_MEMBER) {
			for (unsigned i = 0; i < l->nkids; i++)
				ir_walk(l->kids[i], read_visit, f);
			ir_walk(n->kids[1], read_visit, f);
			return 0;
		}
	}
	if (n->kind == IR_MEMBER && n->name && !strcmp(n->name, f->field) &&
	    (!f->record || !n->record || !strcmp(f->record, n->record))) {
		f->hit = n;
		return 0;
	}
	return 1;
}

int owner_field_read_elsewhere(const struct lowered_file *lf, const struct ir_function *self,
			       const char *record, const char *field,
			       const struct ir_function **fn_out, struct ir_loc *loc, char *buf,
			       size_t len)
{
	/* a teardown deleting or putting the field first: the most telling use */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < lf->nfuncs; i++) {
			struct find_read f = { .record = record, .field = field,
					       .teardown = pass == 0 };

			if (!strcmp(lf->funcs[i].name, self->name))
				continue;
			ir_walk(lf->funcs[i].body, read_visit, &f);
			if (!f.hit)
				continue;
			*fn_out = &lf->funcs[i];
			*loc = f.hit->loc;
			if (!ir_path_text(f.hit, buf, len))
				snprintf(buf, len, "%s", field);
			return 1;
		}
	}
	return 0;
}

/* The root variable of a path and the rest ("dev->a.gd": "dev", "->a.gd"). */
static int split_root(const char *path, char *root, size_t len, const char **suffix)
{
	size_t n = strcspn(path, "-.[");

	if (!n || n >= len || !path[n])
		return 0;
	memcpy(root, path, n);
	root[n] = 0;
	*suffix = path + n;
	return 1;
}

struct cleared {
	const struct lowered_file *lf;
	const char *path, *root, *suffix;
	int direct;
	const struct ir_function *exclude; /* the function judged: its own clears
					    * on other paths do not count */
	int hit;
};

static int cleared_visit(const struct ir_node *n, void *data)
{
	struct cleared *c = data;
	char buf[OF_PATH_LEN];

	if (c->hit)
		return 0;
	if (c->direct && n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign &&
	    n->nkids == 2 && is_null(n->kids[1]) && ir_path_text(n->kids[0], buf, sizeof(buf)) &&
	    !strcmp(buf, c->path))
		c->hit = 1;
	else if (!c->direct && n->kind == IR_CALL) {
		const struct ir_function *h = main_file_function(c->lf, n->name);

		if (h && c->exclude && !strcmp(h->name, c->exclude->name))
			h = NULL;
		for (unsigned k = 0; h && k < ir_call_nargs(n); k++) {
			struct scan s;

			if (!ir_path_text(ir_call_arg(n, k), buf, sizeof(buf)) || strcmp(buf, c->root))
				continue;
			scan_helper(h, k, c->suffix, &s);
			if (s.cleared)
				c->hit = 1;
		}
	}
	return !c->hit;
}

static int field_cleared(const struct lowered_file *lf, const struct ir_function *fn,
			 const char *path, int direct, const struct ir_function *exclude)
{
	char root[OF_PATH_LEN];
	struct cleared c = { .lf = lf, .path = path, .root = root, .direct = direct,
			     .exclude = exclude };

	if (!split_root(path, root, sizeof(root), &c.suffix))
		return 0;
	ir_walk(fn->body, cleared_visit, &c);
	return c.hit;
}

int owner_field_cleared(const struct lowered_file *lf, const struct ir_function *fn,
			const char *path, int direct)
{
	return field_cleared(lf, fn, path, direct, fn);
}

int owner_path_under(const char *path, const char *owner)
{
	size_t n = strlen(owner);

	return n && !strncmp(path, owner, n) &&
	       ((path[n] == '-' && path[n + 1] == '>') || path[n] == '.');
}

struct freed {
	const struct lowered_file *lf;
	const char *path;
	int hit;
};

static int freed_visit(const struct ir_node *n, void *data)
{
	struct freed *f = data;
	char buf[OF_PATH_LEN];
	const struct ir_node *o;

	if (f->hit)
		return 0;
	if (n->kind == IR_CALL &&
	    ((o = owner_freed_by(n)) != NULL || (o = owner_freed_by_helper(f->lf, n)) != NULL) &&
	    ir_path_text(o, buf, sizeof(buf)) &&
	    (!strcmp(buf, f->path) || owner_path_under(f->path, buf)))
		f->hit = 1;
	return !f->hit;
}

int owner_path_freed(const struct lowered_file *lf, const struct ir_function *fn,
		     const char *path)
{
	struct freed f = { .lf = lf, .path = path };

	ir_walk(fn->body, freed_visit, &f);
	return f.hit;
}

struct called {
	const char *name;
	int hit;
};

static int called_visit(const struct ir_node *n, void *data)
{
	struct called *c = data;

	if (n->kind == IR_CALL && n->name && !strcmp(n->name, c->name))
		c->hit = 1;
	return !c->hit;
}

struct callers {
	const struct lowered_file *lf;
	const struct ir_function *callee, *caller;
	unsigned param;
	const char *suffix;
	int depth;
	int errptr; /* owner_caller_releases_errptr() */
	int hit;
};

static int owner_fate_upstream(const struct lowered_file *lf, const struct ir_function *fn,
			       unsigned param, const char *suffix, int depth, int errptr);

/* A local of fn assigned from an allocation call (x = kzalloc(...),
 * devm_kzalloc(), foo_alloc_dev()): fn created the object. */
struct allocated {
	const char *name;
	int hit;
};

static int allocated_visit(const struct ir_node *n, void *data)
{
	struct allocated *a = data;
	const struct ir_node *r = NULL;
	char buf[OF_PATH_LEN];

	if (a->hit)
		return 0;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
	    ir_path_text(n->kids[0], buf, sizeof(buf)) && !strcmp(buf, a->name))
		r = ir_strip(n->kids[1]);
	else if (n->kind == IR_DECL && n->name && !strcmp(n->name, a->name) && n->nkids == 1)
		r = ir_strip(n->kids[0]);
	if (r && r->kind == IR_CALL && strstr(ir_call_name(r), "alloc"))
		a->hit = 1;
	return !a->hit;
}

static int param_index(const struct ir_function *fn, const char *name)
{
	for (unsigned k = 0; k < fn->nparams; k++)
		if (fn->params[k] && !strcmp(fn->params[k], name))
			return (int)k;
	return -1;
}

/* The variable an expression's path starts from (&g[1].x: g), or NULL. */
static const struct ir_node *path_root(const struct ir_node *n)
{
	n = ir_strip(n);
	if (n && n->kind == IR_UNARY && n->op == CXUnaryOperator_AddrOf && n->nkids == 1)
		n = ir_strip(n->kids[0]);
	while (n && (n->kind == IR_MEMBER || n->kind == IR_SUBSCRIPT) && n->nkids >= 1)
		n = ir_strip(n->kids[0]);
	return n && n->kind == IR_DECLREF ? n : NULL;
}

/* Does fn return the value of call: return call(...), or v = call(...)
 * (int v = call(...)) and a return v somewhere in fn? */
struct propagates {
	const struct ir_node *call;
	const char *var;
	int hit;
};

static int var_visit(const struct ir_node *n, void *data)
{
	struct propagates *p = data;
	const struct ir_node *l;

	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
	    ir_strip(n->kids[1]) == p->call && (l = ir_strip(n->kids[0])) != NULL &&
	    l->kind == IR_DECLREF)
		p->var = l->name;
	else if (n->kind == IR_DECL && n->nkids == 1 && ir_strip(n->kids[0]) == p->call)
		p->var = n->name;
	else if (n->kind == IR_RETURN && n->nkids == 1 && ir_strip(n->kids[0]) == p->call)
		p->hit = 1;
	return !p->var && !p->hit;
}

static int return_visit(const struct ir_node *n, void *data)
{
	struct propagates *p = data;
	const struct ir_node *v;

	if (n->kind == IR_RETURN && n->nkids == 1 && (v = ir_strip(n->kids[0])) != NULL &&
	    v->kind == IR_DECLREF && v->name && !strcmp(v->name, p->var))
		p->hit = 1;
	return !p->hit;
}

static int returns_result(const struct ir_function *fn, const struct ir_node *call)
{
	struct propagates p = { .call = call };

	ir_walk(fn->body, var_visit, &p);
	if (!p.hit && p.var)
		ir_walk(fn->body, return_visit, &p);
	return p.hit;
}

/* Does fn drop a reference on the object named (kobject_put(&x->kobj),
 * put_device(&x->dev)) rather than free it: its release runs the
 * driver's teardown of the object. */
struct dropped {
	const char *name;
	int hit;
};

static int dropped_visit(const struct ir_node *n, void *data)
{
	struct dropped *d = data;
	char buf[OF_PATH_LEN];
	const struct ir_node *o;

	if (n->kind == IR_CALL && !owner_freed_by(n) && (o = owner_released_by(n)) != NULL &&
	    ir_path_text(o, buf, sizeof(buf)) && !strcmp(buf, d->name))
		d->hit = 1;
	return !d->hit;
}

static int refcount_dropped(const struct ir_function *fn, const char *name)
{
	struct dropped d = { .name = name };

	ir_walk(fn->body, dropped_visit, &d);
	return d.hit;
}

static int callers_visit(const struct ir_node *n, void *data)
{
	struct callers *c = data;
	char arg[OF_PATH_LEN], field[OF_PATH_LEN];
	const struct ir_node *a, *r;
	int k;

	if (c->hit)
		return 0;
	if (n->kind != IR_CALL || !n->name || strcmp(n->name, c->callee->name) ||
	    !(a = ir_strip(ir_call_arg(n, c->param))))
		return 1;
	/* a global's struct set up by an entry point (init, probe: no caller
	 * in the file) that fails with the callee: nothing runs on it after */
	if ((r = path_root(a)) != NULL && (r->flags & IRF_VAR) &&
	    !(r->flags & (IRF_LOCAL | IRF_PARAM)) && returns_result(c->caller, n) &&
	    !owner_function_called(c->lf, c->caller)) {
		c->hit = 1;
		return 0;
	}
	if (!ir_path_text(a, arg, sizeof(arg)) ||
	    snprintf(field, sizeof(field), "%s%s", arg, c->suffix) >= (int)sizeof(field))
		return 1;
	if (owner_path_freed(c->lf, c->caller, arg) ||
	    field_cleared(c->lf, c->caller, field, 1, c->callee))
		c->hit = 1;
	else if (a->kind == IR_DECLREF && (a->flags & IRF_LOCAL)) {
		/* the caller created the owner: its own failure unwinds it */
		struct allocated al = { .name = arg };

		ir_walk(c->caller->body, allocated_visit, &al);
		c->hit = al.hit && !(c->errptr && refcount_dropped(c->caller, arg));
	} else if (a->kind == IR_DECLREF && (k = param_index(c->caller, arg)) >= 0) {
		/* handed down from the caller's caller: ask there */
		c->hit = owner_fate_upstream(c->lf, c->caller, (unsigned)k, c->suffix, c->depth + 1,
					     c->errptr);
	}
	return !c->hit;
}

static int owner_fate_upstream(const struct lowered_file *lf, const struct ir_function *fn,
			       unsigned param, const char *suffix, int depth, int errptr)
{
	struct callers c = { .lf = lf, .callee = fn, .param = param, .suffix = suffix,
			     .depth = depth, .errptr = errptr };

	if (depth > 4)
		return 0;
	for (size_t i = 0; i < lf->nfuncs && !c.hit; i++) {
		c.caller = &lf->funcs[i];
		if (strcmp(c.caller->name, fn->name))
			ir_walk(c.caller->body, callers_visit, &c);
	}
	return c.hit;
}

int owner_caller_releases(const struct lowered_file *lf, const struct ir_function *fn,
			  const char *path)
{
	char root[OF_PATH_LEN];
	const char *suffix;
	int k;

	if (!split_root(path, root, sizeof(root), &suffix) || (k = param_index(fn, root)) < 0)
		return 0;
	return owner_fate_upstream(lf, fn, (unsigned)k, suffix, 0, 0);
}

int owner_caller_releases_errptr(const struct lowered_file *lf, const struct ir_function *fn,
				 const char *path)
{
	char root[OF_PATH_LEN];
	const char *suffix;
	int k;

	if (!split_root(path, root, sizeof(root), &suffix) || (k = param_index(fn, root)) < 0)
		return 0;
	return owner_fate_upstream(lf, fn, (unsigned)k, suffix, 0, 1);
}

int owner_function_called(const struct lowered_file *lf, const struct ir_function *fn)
{
	struct called c = { .name = fn->name };

	for (size_t i = 0; i < lf->nfuncs && !c.hit; i++)
		if (strcmp(lf->funcs[i].name, fn->name))
			ir_walk(lf->funcs[i].body, called_visit, &c);
	return c.hit;
}

/* ------------------------------------------- a field tested only for NULL */

#define NT_MAX_COPIES 8

struct null_tested {
	const char *record, *field;
	const char *copies[NT_MAX_COPIES]; /* locals holding the field's value */
	unsigned ncopies;
	const struct ir_node *test, *release;
	const char *callee;
	int err_tested; /* IS_ERR() or IS_ERR_OR_NULL() of it somewhere */
};

static int nt_field(const struct null_tested *t, const struct ir_node *n)
{
	return n && n->kind == IR_MEMBER && n->name && !strcmp(n->name, t->field) &&
	       (!t->record || !n->record || !strcmp(t->record, n->record));
}

/* The field itself, or a local the function copied it into. */
static int nt_subject(const struct null_tested *t, const struct ir_node *n)
{
	n = ir_strip(n);
	if (nt_field(t, n))
		return 1;
	if (!n || n->kind != IR_DECLREF || !(n->flags & IRF_LOCAL) || !n->name)
		return 0;
	for (unsigned i = 0; i < t->ncopies; i++)
		if (!strcmp(t->copies[i], n->name))
			return 1;
	return 0;
}

static int copies_visit(const struct ir_node *n, void *data)
{
	struct null_tested *t = data;
	const struct ir_node *l;
	const char *name = NULL;

	if (n->kind == IR_DECL && n->nkids == 1 && nt_field(t, ir_strip(n->kids[0])))
		name = n->name;
	else if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
		 nt_field(t, ir_strip(n->kids[1])) && (l = ir_strip(n->kids[0])) != NULL &&
		 l->kind == IR_DECLREF && (l->flags & IRF_LOCAL))
		name = l->name;
	if (name && t->ncopies < NT_MAX_COPIES)
		t->copies[t->ncopies++] = name;
	return 1;
}

/* A condition (or a part of one) that tests the subject against NULL:
 * x, !x, x == NULL, x != NULL, under && and ||. */
static const struct ir_node *nt_cond(const struct null_tested *t, const struct ir_node *c)
{
	const struct ir_node *hit;

	c = ir_strip(c);
	if (!c)
		return NULL;
	if (nt_subject(t, c))
		return c;
	if (c->kind == IR_UNARY && c->op == CXUnaryOperator_LNot && c->nkids == 1)
		return nt_cond(t, c->kids[0]);
	if (c->kind == IR_BINARY && c->nkids == 2 &&
	    (c->op == CXBinaryOperator_LAnd || c->op == CXBinaryOperator_LOr)) {
		hit = nt_cond(t, c->kids[0]);
		return hit ? hit : nt_cond(t, c->kids[1]);
	}
	if (c->kind == IR_BINARY && c->nkids == 2 &&
	    (c->op == CXBinaryOperator_EQ || c->op == CXBinaryOperator_NE)) {
		if (is_null(c->kids[1]) && nt_subject(t, c->kids[0]))
			return ir_strip(c->kids[0]);
		if (is_null(c->kids[0]) && nt_subject(t, c->kids[1]))
			return ir_strip(c->kids[1]);
	}
	return NULL;
}

/* The call to name first: put_disk() runs for every disk a teardown
 * holds, del_gendisk() is often guarded by "was it added". */
static int release_rank(const char *api)
{
	return !strcmp(api, "put_disk") ? 0 : !strcmp(api, "blk_cleanup_disk") ? 1 : 2;
}

static int nt_visit(const struct ir_node *n, void *data)
{
	struct null_tested *t = data;
	const char *api;

	if ((n->kind == IR_IF || n->kind == IR_WHILE || n->kind == IR_CONDOP) && n->nkids &&
	    !t->test)
		t->test = nt_cond(t, n->kids[0]);
	if (n->kind != IR_CALL)
		return 1;
	api = ir_api_name(n);
	if (!strncmp(api, "IS_ERR", 6) && nt_subject(t, ir_call_arg(n, 0)))
		t->err_tested = 1;
	else if ((!strcmp(api, "del_gendisk") || !strcmp(api, "put_disk") ||
		  !strcmp(api, "blk_cleanup_disk")) &&
		 nt_subject(t, ir_call_arg(n, 0)) &&
		 (!t->release || release_rank(api) < release_rank(t->callee))) {
		t->release = ir_strip(ir_call_arg(n, 0));
		t->callee = api;
	}
	return 1;
}

int owner_field_null_tested_release(const struct lowered_file *lf,
				    const struct ir_function *self, const char *record,
				    const char *field, struct null_tested_release *out)
{
	for (size_t i = 0; i < lf->nfuncs; i++) {
		struct null_tested t = { .record = record, .field = field };

		if (!strcmp(lf->funcs[i].name, self->name))
			continue;
		ir_walk(lf->funcs[i].body, copies_visit, &t);
		ir_walk(lf->funcs[i].body, nt_visit, &t);
		if (!t.test || !t.release || t.err_tested)
			continue;
		out->fn = &lf->funcs[i];
		out->test_loc = t.test->loc;
		out->release_loc = t.release->loc;
		out->callee = t.callee;
		if (!ir_path_text(t.release, out->path, sizeof(out->path)))
			snprintf(out->path, sizeof(out->path), "%s", field);
		return 1;
	}
	return 0;
}

/* Does fn call the function called name? */
int owner_function_calls(const struct ir_function *fn, const char *name)
{
	struct called c = { .name = name };

	ir_walk(fn->body, called_visit, &c);
	return c.hit;
}
