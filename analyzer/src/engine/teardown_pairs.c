/* Module-wide teardown facts: who releases each disk path (teardown_pairs.h). */
#include "teardown_pairs.h"

#include "ast_lowering.h"
#include "file_rules.h"
#include "string_list.h"
#include "summary_table.h"
#include "typestate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY_LEN 512

/* One disk path of the module: "g:NAME" for a global, "r:USR:FIELD" for a
 * field of the struct USR declares, "?:FIELD" when the parse does not say
 * which struct; "[]" appended per collapsed index. */
struct key_info {
	char *key;
	char *member;      /* FIELD[] (the last member and its indexes), or the global */
	int parent;        /* union-find: paths of one alias group are one disk */
	unsigned char released, escaped;
	const char *allocator; /* a function that allocates it */
};

/* fn puts its parameter param (the disk itself): what its callers pass
 * there is released */
struct param_put {
	const char *fn;
	unsigned param;
};

/* a call of a module function passes a disk as argument param: a path
 * (key), a parameter of the caller (caller, caller_param), or a disk of no
 * known path (neither) */
struct call_arg {
	const char *callee;
	unsigned param;
	int key;
	const char *caller;
	int caller_param;
};

struct teardown_facts {
	struct key_info *keys;
	unsigned nkeys, cap_keys;
	struct param_put *puts;
	unsigned nputs, cap_puts;
	struct call_arg *calls;
	unsigned ncalls, cap_calls;
	struct string_list released_members; /* fields put through a struct the parse lost */
	struct string_list address_taken;    /* module functions used other than by a call */
	struct string_list called;           /* module functions called directly */
	int opaque; /* some put's disk has no path: any disk may be released there */
};

/* Kernel calls that store a pointer where other code finds it again. */
static int stores_pointer(const char *name)
{
	static const char *const stores[] = {
		"xa_store", "__xa_store", "xa_insert", "xa_cmpxchg", "xa_store_irq", "xa_alloc",
		"xa_alloc_cyclic", "__xa_alloc",
		"idr_alloc", "idr_alloc_cyclic", "idr_alloc_u32", "idr_replace",
		"radix_tree_insert", "list_add", "list_add_tail", "hlist_add_head", NULL,
	};
	size_t len = strlen(name);

	for (size_t i = 0; stores[i]; i++)
		if (!strcmp(stores[i], name))
			return 1;
	return (len > 11 && !strcmp(name + len - 11, "set_drvdata")) ||
	       (len > 13 && !strcmp(name + len - 13, "set_clientdata")) ||
	       (len > 11 && !strcmp(name + len - 11, "set_intfdata"));
}

/* ------------------------------------------------------------- keys */

static int key_find(const struct teardown_facts *tf, const char *key)
{
	for (unsigned i = 0; i < tf->nkeys; i++)
		if (!strcmp(tf->keys[i].key, key))
			return (int)i;
	return -1;
}

static int key_add(struct teardown_facts *tf, const char *key, const char *member)
{
	int k = key_find(tf, key);

	if (k >= 0)
		return k;
	if (tf->nkeys == tf->cap_keys) {
		tf->cap_keys = tf->cap_keys ? tf->cap_keys * 2 : 16;
		tf->keys = xrealloc(tf->keys, tf->cap_keys * sizeof(*tf->keys));
	}
	memset(&tf->keys[tf->nkeys], 0, sizeof(tf->keys[0]));
	tf->keys[tf->nkeys].key = xstrdup(key);
	tf->keys[tf->nkeys].member = xstrdup(member);
	tf->keys[tf->nkeys].parent = (int)tf->nkeys;
	return (int)tf->nkeys++;
}

static int key_root(struct teardown_facts *tf, int k)
{
	while (tf->keys[k].parent != k) {
		tf->keys[k].parent = tf->keys[tf->keys[k].parent].parent;
		k = tf->keys[k].parent;
	}
	return k;
}

static void key_union(struct teardown_facts *tf, int a, int b)
{
	a = key_root(tf, a);
	b = key_root(tf, b);
	if (a != b)
		tf->keys[b].parent = a;
}

struct find_member {
	const char *path;
	const struct ir_node *hit;
};

static int member_visit(const struct ir_node *n, void *data)
{
	struct find_member *f = data;
	char buf[KEY_LEN];

	if (f->hit)
		return 0;
	if (n->kind == IR_MEMBER && ir_path_text(n, buf, sizeof(buf)) && !strcmp(buf, f->path)) {
		f->hit = n;
		return 0;
	}
	return 1;
}

static int declares(const struct ir_node *n, const char *name)
{
	if (!n)
		return 0;
	if (n->kind == IR_DECL && n->name && !strcmp(n->name, name))
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (declares(n->kids[i], name))
			return 1;
	return 0;
}

/*
 * The key of a tracked path of fn into key (member: its last part); 0 when
 * it has none (a local or parameter that is the disk itself).  *driver:
 * only the module reaches it (a global, or a field of a struct of the
 * driver's own files).
 */
static int path_key(const struct ir_function *fn, const struct tracked_object *o, char *key,
		    char *member, int *driver)
{
	char base[KEY_LEN];
	const char *path = o->path, *last, *arrow;
	size_t n = strlen(path), idx;
	struct find_member f = { .path = base };

	*driver = 0;
	while (n >= 2 && path[n - 2] == '[' && path[n - 1] == ']')
		n -= 2;
	if (n >= sizeof(base))
		return 0;
	idx = strlen(path) - n;
	memcpy(base, path, n);
	base[n] = '\0';
	last = strrchr(base, '.');
	arrow = NULL;
	for (const char *p = strstr(base, "->"); p; p = strstr(p + 2, "->"))
		arrow = p;
	if (arrow && (!last || arrow > last))
		last = arrow + 1;
	if (!last) {
		/* the variable itself: only a global is a path of the module */
		if (o->param >= 0 || o->local_root || declares(fn->body, base))
			return 0;
		for (unsigned i = 0; i < fn->nparams; i++)
			if (fn->params[i] && !strcmp(fn->params[i], base))
				return 0;
		snprintf(member, KEY_LEN, "%s%s", base, path + n);
		snprintf(key, KEY_LEN, "g:%s", member);
		*driver = 1;
		return 1;
	}
	snprintf(member, KEY_LEN, "%s%.*s", last + 1, (int)idx, path + n);
	ir_walk(fn->body, member_visit, &f);
	/* a path fn does not write (a summarised helper's effect, an alias
	 * through a macro's local): the function that writes it names it */
	if (!f.hit)
		return 0;
	if (!f.hit->record) {
		snprintf(key, KEY_LEN, "?:%s", member);
		return 1;
	}
	*driver = (f.hit->flags & IRF_DRIVER_RECORD) != 0;
	return snprintf(key, KEY_LEN, "r:%s:%s", f.hit->record, member) < KEY_LEN;
}

/* ------------------------------------------------------------- scan */

struct scan {
	struct teardown_facts *tf;
	const struct ir_function *fn;
	int *keys; /* per tracked object: key index, or -1 */
	unsigned nkeys;
	/* array paths put here on a path where this function did not
	 * allocate them, and the paths it allocates somewhere: an unwinding
	 * loop over the elements it allocated is no release (decided at the
	 * end of the function) */
	struct int_set {
		int *items;
		unsigned len, cap;
	} pending, allocated;
};

static void int_set_add(struct int_set *set, int v)
{
	for (unsigned i = 0; i < set->len; i++)
		if (set->items[i] == v)
			return;
	if (set->len == set->cap) {
		set->cap = set->cap ? set->cap * 2 : 8;
		set->items = xrealloc(set->items, set->cap * sizeof(*set->items));
	}
	set->items[set->len++] = v;
}

static int int_set_has(const struct int_set *set, int v)
{
	for (unsigned i = 0; i < set->len; i++)
		if (set->items[i] == v)
			return 1;
	return 0;
}

/* The keyed paths allocated in this function, as far as the event's
 * states tell. */
static void note_allocated(struct scan *s, const struct lint_event *ev)
{
	for (unsigned c = 0; c < ev_nconfigs(ev); c++)
		for (unsigned i = 0; i < ev->fa->nobjs; i++)
			if (s->keys[i] >= 0 && ev_obj(ev, c, (int)i)->alloc_loc.line)
				int_set_add(&s->allocated, s->keys[i]);
}

static void scan_keys(struct scan *s, const struct fn_analysis *fa)
{
	char key[KEY_LEN], member[KEY_LEN];
	int driver;

	if (s->keys)
		return;
	s->nkeys = fa->nobjs;
	s->keys = xcalloc(fa->nobjs ? fa->nobjs : 1, sizeof(*s->keys));
	for (unsigned i = 0; i < fa->nobjs; i++)
		s->keys[i] = path_key(s->fn, &fa->objs[i], key, member, &driver) ?
				     key_add(s->tf, key, member) : -1;
}

/* The paths of obj's alias group in configuration c are one disk. */
static void join_group(struct scan *s, const struct lint_event *ev, unsigned c, int obj)
{
	int g = ev_obj(ev, c, obj)->group, first = -1;

	for (unsigned i = 0; i < ev->fa->nobjs; i++) {
		if (ev_obj(ev, c, (int)i)->group != g || s->keys[i] < 0)
			continue;
		if (first < 0)
			first = s->keys[i];
		else
			key_union(s->tf, first, s->keys[i]);
	}
}

/* A parameter of fn in obj's group that is the disk itself, or -1. */
static int group_param(const struct lint_event *ev, unsigned c, int obj)
{
	int g = ev_obj(ev, c, obj)->group;

	for (unsigned i = 0; i < ev->fa->nobjs; i++) {
		const struct tracked_object *o = &ev->fa->objs[i];

		if (ev_obj(ev, c, (int)i)->group == g && o->param >= 0 &&
		    !strcmp(o->path, o->root))
			return o->param;
	}
	return -1;
}

static int group_has_key(const struct scan *s, const struct lint_event *ev, unsigned c, int obj)
{
	int g = ev_obj(ev, c, obj)->group;

	for (unsigned i = 0; i < ev->fa->nobjs; i++)
		if (ev_obj(ev, c, (int)i)->group == g && s->keys[i] >= 0)
			return 1;
	return 0;
}

static void add_param_put(struct teardown_facts *tf, const char *fn, unsigned param)
{
	for (unsigned i = 0; i < tf->nputs; i++)
		if (!strcmp(tf->puts[i].fn, fn) && tf->puts[i].param == param)
			return;
	if (tf->nputs == tf->cap_puts) {
		tf->cap_puts = tf->cap_puts ? tf->cap_puts * 2 : 8;
		tf->puts = xrealloc(tf->puts, tf->cap_puts * sizeof(*tf->puts));
	}
	tf->puts[tf->nputs].fn = fn;
	tf->puts[tf->nputs].param = param;
	tf->nputs++;
}

static void add_call_arg(struct teardown_facts *tf, struct call_arg a)
{
	if (tf->ncalls == tf->cap_calls) {
		tf->cap_calls = tf->cap_calls ? tf->cap_calls * 2 : 16;
		tf->calls = xrealloc(tf->calls, tf->cap_calls * sizeof(*tf->calls));
	}
	tf->calls[tf->ncalls++] = a;
}

static void on_put(struct scan *s, const struct lint_event *ev)
{
	struct teardown_facts *tf = s->tf;

	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, ev->obj);
		int g = st->group, p;

		/* the allocating function's own unwinding puts a disk that was
		 * never live for anyone else */
		if (!(st->bits & DS_ENTRY) && st->alloc_loc.line)
			continue;
		join_group(s, ev, c, ev->obj);
		if (group_has_key(s, ev, c, ev->obj)) {
			int weak = ev_group_is_weak(ev, c, ev->obj);

			for (unsigned i = 0; i < ev->fa->nobjs; i++) {
				int k = s->keys[i];

				if (ev_obj(ev, c, (int)i)->group != g || k < 0)
					continue;
				if (weak) {
					int_set_add(&s->pending, k);
					continue;
				}
				tf->keys[k].released = 1;
				if (tf->keys[k].key[0] == '?' &&
				    !string_list_contains(&tf->released_members, tf->keys[k].member))
					string_list_push(&tf->released_members, tf->keys[k].member);
			}
		} else if ((p = group_param(ev, c, ev->obj)) >= 0) {
			add_param_put(tf, s->fn->name, (unsigned)p);
		} else if (!ev->via_helper) {
			/* (a helper's put is seen in the helper, which writes the
			 * path; here the disk has no path at all) */
			tf->opaque = 1;
		}
	}
}

static int obj_index(const struct fn_analysis *fa, const struct ir_node *arg)
{
	char buf[KEY_LEN];

	if (!arg || !ir_path_text(arg, buf, sizeof(buf)))
		return -1;
	for (unsigned i = 0; i < fa->nobjs; i++)
		if (!strcmp(fa->objs[i].path, buf))
			return (int)i;
	return -1;
}

static void on_call(struct scan *s, struct summary_table *t, const struct lint_event *ev)
{
	const struct ir_node *n = ev->call, *callee = n->nkids ? ir_strip(n->kids[0]) : NULL;
	int indirect = !callee || callee->kind != IR_DECLREF;
	int module_fn = !indirect && n->name && summary_function_index(t, n->name) >= 0;
	int stores = !indirect && !module_fn && stores_pointer(ir_call_name(n));

	if (!indirect && !module_fn && !stores)
		return;
	for (unsigned a = 0; a < ir_call_nargs(n); a++) {
		int obj = obj_index(ev->fa, ir_call_arg(n, a));

		if (obj < 0)
			continue;
		for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
			int g = ev_obj(ev, c, obj)->group, any = 0;

			join_group(s, ev, c, obj);
			for (unsigned i = 0; i < ev->fa->nobjs; i++) {
				int k = s->keys[i];

				if (ev_obj(ev, c, (int)i)->group != g || k < 0)
					continue;
				any = 1;
				if (module_fn)
					add_call_arg(s->tf, (struct call_arg){ .callee = n->name,
						.param = a, .key = k, .caller_param = -1 });
				else
					s->tf->keys[k].escaped = 1;
			}
			if (!any && module_fn)
				add_call_arg(s->tf, (struct call_arg){ .callee = n->name, .param = a,
					.key = -1, .caller = s->fn->name,
					.caller_param = group_param(ev, c, obj) });
			else if (!any && indirect && ev_obj(ev, c, obj)->bits & DS_ENTRY)
				s->tf->opaque = 1; /* a disk of no path to unknown code */
		}
	}
}

struct observer_arg {
	struct scan *scan;
	struct summary_table *t;
};

static void observe(const struct lint_event *ev, void *arg)
{
	struct observer_arg *oa = arg;
	struct scan *s = oa->scan;

	scan_keys(s, ev->fa);
	switch (ev->kind) {
	case EV_PUT:
		note_allocated(s, ev);
		on_put(s, ev);
		break;
	case EV_CALL:
		on_call(s, oa->t, ev);
		break;
	case EV_ADD:
	case EV_DEL:
		for (unsigned c = 0; c < ev_nconfigs(ev); c++)
			join_group(s, ev, c, ev->obj);
		break;
	case EV_RETURN:
		note_allocated(s, ev);
		for (unsigned c = 0; c < ev_nconfigs(ev); c++)
			for (unsigned i = 0; i < ev->fa->nobjs; i++) {
				const struct obj_state *st = ev_obj(ev, c, (int)i);

				if (!ev_is_group_leader(ev, c, (int)i))
					continue;
				join_group(s, ev, c, (int)i);
				if (st->alloc_loc.line && s->keys[i] >= 0 &&
				    !s->tf->keys[s->keys[i]].allocator)
					s->tf->keys[s->keys[i]].allocator = s->fn->name;
			}
		break;
	default:
		break;
	}
}

static void scan_function(struct teardown_facts *tf, struct summary_table *t,
			  const struct ir_function *fn)
{
	struct fn_analysis fa;
	struct df_set *states;
	struct scan s = { .tf = tf, .fn = fn };
	struct observer_arg oa = { .scan = &s, .t = t };

	fn_analysis_init(&fa, fn, t->target, t);
	if (fa.nobjs) {
		states = fn_analysis_fixpoint(&fa);
		fa.observer = observe;
		fa.observer_arg = &oa;
		fn_analysis_report(&fa, states);
		fn_analysis_free_states(&fa, states);
		/* allocators are seen at returns; a function with a tracked disk
		 * and no event still names its paths */
		scan_keys(&s, &fa);
	}
	for (unsigned i = 0; i < s.pending.len; i++)
		if (!int_set_has(&s.allocated, s.pending.items[i]))
			tf->keys[s.pending.items[i]].released = 1;
	fn_analysis_free(&fa);
	free(s.keys);
	free(s.pending.items);
	free(s.allocated.items);
}

/* Module functions named other than as a callee: callbacks. */
struct refs {
	struct summary_table *t;
	struct teardown_facts *tf;
};

static int refs_visit(const struct ir_node *n, void *data)
{
	struct refs *r = data;

	if (n->kind == IR_CALL) {
		const struct ir_node *callee = n->nkids ? ir_strip(n->kids[0]) : NULL;

		if (callee && callee->kind == IR_DECLREF && callee->name &&
		    !string_list_contains(&r->tf->called, callee->name))
			string_list_push(&r->tf->called, callee->name);
		for (unsigned i = 1; i < n->nkids; i++)
			ir_walk(n->kids[i], refs_visit, r);
		if (callee && callee->kind != IR_DECLREF)
			ir_walk(n->kids[0], refs_visit, r);
		return 0;
	}
	if (n->kind == IR_DECLREF && !(n->flags & IRF_VAR) && n->name &&
	    summary_function_index(r->t, n->name) >= 0 &&
	    !string_list_contains(&r->tf->address_taken, n->name))
		string_list_push(&r->tf->address_taken, n->name);
	return 1;
}

static void collect_refs(struct teardown_facts *tf, struct summary_table *t)
{
	const struct lowered_file *lf = t->lf;
	struct refs r = { .t = t, .tf = tf };

	for (size_t i = 0; i < lf->nfuncs; i++)
		ir_walk(lf->funcs[i].body, refs_visit, &r);
	for (size_t i = 0; i < lf->nheader_funcs; i++)
		ir_walk(lf->header_funcs[i].body, refs_visit, &r);
	for (size_t g = 0; g < lf->nglobals; g++)
		for (unsigned f = 0; f < lf->globals[g].nfields; f++)
			ir_walk(lf->globals[g].fields[f].value, refs_visit, &r);
}

static int is_param_put(const struct teardown_facts *tf, const char *fn, unsigned param)
{
	for (unsigned i = 0; i < tf->nputs; i++)
		if (!strcmp(tf->puts[i].fn, fn) && tf->puts[i].param == param)
			return 1;
	return 0;
}

/* What the puts of parameters release: the callers' arguments, up the
 * chain of callers passing their own parameter. */
static void resolve(struct teardown_facts *tf)
{
	unsigned before;

	do {
		before = tf->nputs;
		for (unsigned i = 0; i < tf->ncalls; i++) {
			const struct call_arg *a = &tf->calls[i];

			if (!is_param_put(tf, a->callee, a->param))
				continue;
			if (a->key >= 0)
				tf->keys[a->key].released = 1;
			else if (a->caller_param >= 0)
				add_param_put(tf, a->caller, (unsigned)a->caller_param);
			else
				tf->opaque = 1;
		}
	} while (tf->nputs != before);
	/* a function putting its parameter that is a callback, or that no
	 * function of the module calls: who passes what is not seen */
	for (unsigned i = 0; i < tf->nputs; i++)
		if (string_list_contains(&tf->address_taken, tf->puts[i].fn) ||
		    !string_list_contains(&tf->called, tf->puts[i].fn))
			tf->opaque = 1;
	for (unsigned k = 0; k < tf->nkeys; k++) {
		int r = key_root(tf, (int)k);

		tf->keys[r].released |= tf->keys[k].released;
		tf->keys[r].escaped |= tf->keys[k].escaped;
		if (!tf->keys[r].allocator)
			tf->keys[r].allocator = tf->keys[k].allocator;
	}
}

static struct teardown_facts *facts_of(struct summary_table *t)
{
	struct teardown_facts *tf;

	if (t->teardown)
		return t->teardown;
	tf = t->teardown = xcalloc(1, sizeof(*tf));
	for (size_t i = 0; i < t->lf->nfuncs; i++)
		scan_function(tf, t, &t->lf->funcs[i]);
	for (size_t i = 0; i < t->lf->nheader_funcs; i++)
		scan_function(tf, t, &t->lf->header_funcs[i]);
	collect_refs(tf, t);
	resolve(tf);
	return tf;
}

/* ------------------------------------------------------------- query */

static enum teardown_fate key_fate(struct teardown_facts *tf, int k, const char **allocator)
{
	int r = key_root(tf, k);

	if (tf->keys[r].released)
		return TEARDOWN_RELEASED;
	for (unsigned i = 0; i < tf->nkeys; i++) {
		if (key_root(tf, (int)i) != r)
			continue;
		/* a field put through a struct the parse lost: by its name */
		if (string_list_contains(&tf->released_members, tf->keys[i].member))
			return TEARDOWN_RELEASED;
		if (tf->keys[i].key[0] == '?')
			return TEARDOWN_UNKNOWN;
	}
	if (tf->keys[r].escaped)
		return TEARDOWN_UNKNOWN;
	*allocator = tf->keys[r].allocator;
	return TEARDOWN_NEVER_PUT;
}

enum teardown_fate teardown_fate(struct summary_table *t, const struct ir_function *fn,
				 const struct tracked_object *obj, const char **allocator)
{
	struct teardown_facts *tf;
	char key[KEY_LEN], member[KEY_LEN];
	int driver, k;

	*allocator = NULL;
	if (!t || t->lf->module_partial)
		return TEARDOWN_UNKNOWN;
	if (!path_key(fn, obj, key, member, &driver) || !driver)
		return TEARDOWN_UNKNOWN;
	tf = facts_of(t);
	if (tf->opaque || (k = key_find(tf, key)) < 0)
		return TEARDOWN_UNKNOWN;
	return key_fate(tf, k, allocator);
}

void teardown_facts_free(struct summary_table *t)
{
	struct teardown_facts *tf = t->teardown;

	if (!tf)
		return;
	for (unsigned i = 0; i < tf->nkeys; i++) {
		free(tf->keys[i].key);
		free(tf->keys[i].member);
	}
	free(tf->keys);
	free(tf->puts);
	free(tf->calls);
	string_list_free(&tf->released_members);
	string_list_free(&tf->address_taken);
	string_list_free(&tf->called);
	free(tf);
	t->teardown = NULL;
}
