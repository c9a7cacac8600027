/* The fact base of one module (see module_facts.h). */
#include "module_facts.h"

#include "disk_wrappers.h"
#include "file_rules.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------- function table */

static void function_table(struct module_facts *mf)
{
	const struct lowered_file *lf = mf->lf;
	size_t n = lf->nfuncs;

	for (size_t m = 0; m < mf->nmodule; m++)
		n += mf->module[m]->nfuncs;
	mf->all = *lf;
	mf->all.funcs = xcalloc(n ? n : 1, sizeof(*mf->all.funcs));
	mf->all.nfuncs = 0;
	for (size_t i = 0; i < lf->nfuncs; i++)
		mf->all.funcs[mf->all.nfuncs++] = lf->funcs[i];
	for (size_t m = 0; m < mf->nmodule; m++)
		for (size_t i = 0; i < mf->module[m]->nfuncs; i++)
			mf->all.funcs[mf->all.nfuncs++] = mf->module[m]->funcs[i];
}

static int by_name_cmp(const void *a, const void *b, void *arg)
{
	const struct module_facts *mf = arg;
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
	const char *nx = mf->all.funcs[x].name, *ny = mf->all.funcs[y].name;
	int c = strcmp(nx ? nx : "", ny ? ny : "");

	return c ? c : (x > y) - (x < y);
}

static void name_index(struct module_facts *mf)
{
	size_t n = mf->all.nfuncs;

	mf->by_name = xcalloc(n ? n : 1, sizeof(*mf->by_name));
	for (size_t i = 0; i < n; i++)
		mf->by_name[i] = (unsigned)i;
	qsort_r(mf->by_name, n, sizeof(*mf->by_name), by_name_cmp, mf);
}

/* binary search for the first entry of by_name with that name: the
 * lowest index, the file's own function before a sibling's */
int module_facts_function(const struct module_facts *mf, const char *name)
{
	size_t lo = 0, hi = mf->all.nfuncs;

	if (!name || !mf->by_name)
		return -1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *m = mf->all.funcs[mf->by_name[mid]].name;

		if (strcmp(m ? m : "", name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < mf->all.nfuncs && mf->all.funcs[mf->by_name[lo]].name &&
	    !strcmp(mf->all.funcs[mf->by_name[lo]].name, name))
		return (int)mf->by_name[lo];
	return -1;
}

/* ------------------------------------------------------------ ops tables */

static int is_remove_slot(const char *slot)
{
	return !strcmp(slot, "remove") || !strcmp(slot, "remove_new") ||
	       !strcmp(slot, "disconnect");
}

static void add_slot(struct module_facts *mf, size_t *cap, const struct lowered_file *file,
		     const struct ir_global *g, const struct ir_field_init *fi, const char *fn)
{
	struct ops_slot *s;

	if (mf->nslots == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		mf->slots = xrealloc(mf->slots, *cap * sizeof(*mf->slots));
	}
	s = &mf->slots[mf->nslots++];
	s->table = g->name;
	s->type = g->type;
	s->slot = fi->name;
	s->function = fn;
	s->loc = fi->loc;
	s->file = file;
}

/* A name in a slot is a function: clang's own initializer says so; one
 * rebuilt from the tokens (the table's struct type unknown: its header is
 * of another architecture) calls every unknown name a global variable, so
 * there the module defining a function of that name decides. */
static int names_function(const struct module_facts *mf, const struct ir_node *v)
{
	if (!(v->flags & IRF_VAR))
		return 1;
	return !(v->flags & (IRF_LOCAL | IRF_PARAM)) && module_facts_function(mf, v->name) >= 0;
}

static void tables_of(struct module_facts *mf, size_t *cap, const struct lowered_file *file)
{
	for (size_t i = 0; i < file->nglobals; i++) {
		const struct ir_global *g = &file->globals[i];

		for (unsigned k = 0; k < g->nfields; k++) {
			const struct ir_field_init *fi = &g->fields[k];
			const struct ir_node *v = ir_strip(fi->value);

			if (v && v->kind == IR_UNARY && v->op == CXUnaryOperator_AddrOf && v->nkids == 1)
				v = ir_strip(v->kids[0]);
			if (!v || v->kind != IR_DECLREF || !v->name || !names_function(mf, v))
				continue;
			add_slot(mf, cap, file, g, fi, v->name);
		}
	}
}

const struct ops_slot *module_facts_slot(const struct module_facts *mf, const char *type,
					 const char *slot, int *from)
{
	for (size_t i = from ? (size_t)(*from + 1) : 0; i < mf->nslots; i++) {
		const struct ops_slot *s = &mf->slots[i];

		if ((!type || !strcmp(s->type, type)) && !strcmp(s->slot, slot)) {
			if (from)
				*from = (int)i;
			return s;
		}
	}
	return NULL;
}

int module_facts_has_slot(const struct module_facts *mf, const char *type, const char *slot)
{
	if (module_facts_slot(mf, type, slot, NULL))
		return 1;
	/* a table whose value is no function of ours (.owner = THIS_MODULE) */
	for (size_t m = 0; m <= mf->nmodule; m++) {
		const struct lowered_file *f = m ? mf->module[m - 1] : mf->lf;

		for (size_t i = 0; i < f->nglobals; i++)
			if (!strcmp(f->globals[i].type, type) && ir_global_field(&f->globals[i], slot))
				return 1;
	}
	return 0;
}

/* ------------------------------------------- call graph, devm, fields */

struct walk {
	struct module_facts *mf;
	const struct ir_function *fn;
	unsigned *out;   /* callees being collected */
	size_t nout, cap;
	unsigned char *value; /* functions taken as values */
	size_t devm_cap;
};

static void push_callee(struct walk *w, unsigned fi)
{
	for (size_t i = 0; i < w->nout; i++)
		if (w->out[i] == fi)
			return;
	if (w->nout == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 16;
		w->out = xrealloc(w->out, w->cap * sizeof(*w->out));
	}
	w->out[w->nout++] = fi;
}

static const char *member_name(const struct ir_node *n)
{
	n = ir_strip(n);
	if (n && n->kind == IR_UNARY && n->op == CXUnaryOperator_AddrOf && n->nkids == 1)
		n = ir_strip(n->kids[0]);
	return n && n->kind == IR_MEMBER ? n->name : NULL;
}

static void note_devm(struct walk *w, const struct ir_node *call)
{
	struct module_facts *mf = w->mf;
	const struct ir_node *action = ir_strip(ir_call_arg(call, 1));
	struct devm_registration *d;

	if (mf->ndevm == w->devm_cap) {
		w->devm_cap = w->devm_cap ? w->devm_cap * 2 : 8;
		mf->devm = xrealloc(mf->devm, w->devm_cap * sizeof(*mf->devm));
	}
	d = &mf->devm[mf->ndevm++];
	d->caller = w->fn->name;
	d->action = action && action->kind == IR_DECLREF ? action->name : NULL;
	d->data = ir_call_arg(call, 2);
	d->loc = call->loc;
}

static int graph_visit(const struct ir_node *n, void *data)
{
	struct walk *w = data;
	const char *name;
	int fi;

	if (n->kind == IR_CALL) {
		name = ir_call_name(n);
		fi = module_facts_function(w->mf, name);
		if (fi >= 0)
			push_callee(w, (unsigned)fi);
		if (name && (!strcmp(name, "devm_add_action_or_reset") ||
			     !strcmp(name, "__devm_add_action_or_reset") ||
			     !strcmp(name, "devm_add_action") ||
			     !strcmp(name, "__devm_add_action")) && ir_call_nargs(n) >= 3)
			note_devm(w, n);
		if (name && (!strcmp(name, "blk_mq_alloc_tag_set") ||
			     !strcmp(name, "blk_mq_alloc_sq_tag_set")) && ir_call_nargs(n) >= 1 &&
		    (name = member_name(ir_call_arg(n, 0))) != NULL &&
		    !string_list_contains(&w->mf->tagset_fields, name))
			string_list_push(&w->mf->tagset_fields, name);
		/* the callee expression is no value taken: skip it */
		for (unsigned i = 1; i < n->nkids; i++)
			ir_walk(n->kids[i], graph_visit, w);
		return 0;
	}
	if (n->kind == IR_DECLREF && n->name && !(n->flags & IRF_VAR) &&
	    (fi = module_facts_function(w->mf, n->name)) >= 0)
		w->value[fi] = 1;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2) {
		const struct ir_node *r = ir_strip(n->kids[1]);

		if (r && r->kind == IR_CALL && (r->flags & IRF_DISK_PTR) &&
		    (name = member_name(n->kids[0])) != NULL &&
		    !string_list_contains(&w->mf->disk_fields, name))
			string_list_push(&w->mf->disk_fields, name);
	}
	return 1;
}

static void propagate(struct module_facts *mf, unsigned fi, unsigned bit)
{
	unsigned *stack, n = 0;
	size_t total = mf->all.nfuncs;

	if (mf->reach[fi] & bit)
		return;
	stack = xcalloc(total ? total : 1, sizeof(*stack));
	mf->reach[fi] |= bit;
	stack[n++] = fi;
	while (n) {
		unsigned f = stack[--n];

		for (unsigned k = mf->callee_at[f]; k < mf->callee_at[f + 1]; k++) {
			unsigned c = mf->callee[k];

			if (!(mf->reach[c] & bit)) {
				mf->reach[c] |= bit;
				stack[n++] = c;
			}
		}
	}
	free(stack);
}

static void call_graph(struct module_facts *mf)
{
	size_t n = mf->all.nfuncs, cap = 0, total = 0;
	struct walk w = { .mf = mf };
	const char *roots[2];
	int fi;

	mf->callee_at = xcalloc(n + 1, sizeof(*mf->callee_at));
	mf->reach = xcalloc(n ? n : 1, sizeof(*mf->reach));
	w.value = xcalloc(n ? n : 1, 1);
	for (size_t i = 0; i < n; i++) {
		w.fn = &mf->all.funcs[i];
		w.nout = 0;
		ir_walk(w.fn->body, graph_visit, &w);
		mf->callee_at[i] = (unsigned)total;
		if (!w.nout)
			continue;
		if (total + w.nout > cap) {
			cap = (total + w.nout) * 2;
			mf->callee = xrealloc(mf->callee, cap * sizeof(*mf->callee));
		}
		memcpy(mf->callee + total, w.out, w.nout * sizeof(*w.out));
		total += w.nout;
	}
	mf->callee_at[n] = (unsigned)total;
	free(w.out);
	roots[0] = mf->lf->module_init;
	roots[1] = mf->lf->module_exit;
	for (size_t m = 0; m < mf->nmodule; m++) {
		/* a sibling's module_init()/module_exit() is the module's */
		if (!roots[0])
			roots[0] = mf->module[m]->module_init;
		if (!roots[1])
			roots[1] = mf->module[m]->module_exit;
	}
	if ((fi = module_facts_function(mf, roots[0])) >= 0)
		propagate(mf, (unsigned)fi, REACH_INIT);
	if ((fi = module_facts_function(mf, roots[1])) >= 0)
		propagate(mf, (unsigned)fi, REACH_EXIT);
	for (size_t i = 0; i < mf->nslots; i++) {
		const struct ops_slot *s = &mf->slots[i];
		unsigned bit = !strcmp(s->type, "struct block_device_operations") ? REACH_FOPS :
			       is_remove_slot(s->slot)				  ? REACH_REMOVE :
											    REACH_OPS;

		if ((fi = module_facts_function(mf, s->function)) >= 0)
			propagate(mf, (unsigned)fi, bit);
	}
	for (size_t i = 0; i < n; i++)
		if (w.value[i])
			propagate(mf, (unsigned)i, REACH_VALUE);
	free(w.value);
}

unsigned module_facts_reach(const struct module_facts *mf, const char *name)
{
	int fi = module_facts_function(mf, name);

	return fi < 0 ? 0 : mf->reach[fi];
}

/* ------------------------------------------------------------- queries */

struct field_read {
	const char *record, *field;
	int hit;
};

static int read_visit(const struct ir_node *n, void *data)
{
	struct field_read *r = data;

	if (r->hit)
		return 0;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2) {
		/* a write of the field itself is no read of it */
		const struct ir_node *l = ir_strip(n->kids[0]);

		if (l && l->kind == IR_MEMBER && l->name && !strcmp(l->name, r->field)) {
			for (unsigned i = 0; i < l->nkids; i++)
				ir_walk(l->kids[i], read_visit, r);
			ir_walk(n->kids[1], read_visit, r);
			return 0;
		}
	}
	if (n->kind == IR_MEMBER && n->name && !strcmp(n->name, r->field) &&
	    (!r->record || !n->record || !strcmp(n->record, r->record)))
		r->hit = 1;
	return !r->hit;
}

/* Walk fi and its callees (transitively) until visit hits; the function
 * that hits, or NULL. */
static const struct ir_function *first_reader(const struct module_facts *mf, int fi,
					      ir_visit_fn visit, int *hit, void *data)
{
	size_t n = mf->all.nfuncs;
	const struct ir_function *found = NULL;
	unsigned char *seen;
	unsigned *stack, sp = 0;

	if (fi < 0 || (size_t)fi >= n)
		return NULL;
	seen = xcalloc(n, 1);
	stack = xcalloc(n, sizeof(*stack));
	seen[fi] = 1;
	stack[sp++] = (unsigned)fi;
	while (sp && !found) {
		unsigned f = stack[--sp];

		*hit = 0;
		ir_walk(mf->all.funcs[f].body, visit, data);
		if (*hit) {
			found = &mf->all.funcs[f];
			break;
		}
		for (unsigned k = mf->callee_at[f]; k < mf->callee_at[f + 1]; k++)
			if (!seen[mf->callee[k]]) {
				seen[mf->callee[k]] = 1;
				stack[sp++] = mf->callee[k];
			}
	}
	free(seen);
	free(stack);
	return found;
}

int module_facts_reads_field(const struct module_facts *mf, int fi, const char *record,
			     const char *field, const struct ir_function **where)
{
	struct field_read r = { .record = record, .field = field };
	const struct ir_function *f = first_reader(mf, fi, read_visit, &r.hit, &r);

	if (f && where)
		*where = f;
	return f != NULL;
}

/* the variable an access path starts from: gd for gd.cd_info, a[]->x */
static const struct ir_node *path_root(const struct ir_node *n)
{
	n = ir_strip(n);
	while (n && (n->kind == IR_MEMBER || n->kind == IR_SUBSCRIPT) && n->nkids >= 1)
		n = ir_strip(n->kids[0]);
	return n && n->kind == IR_DECLREF ? n : NULL;
}

int module_facts_global_path(const struct ir_node *n)
{
	const struct ir_node *root = path_root(n);

	return root && root->name && (root->flags & IRF_VAR) &&
	       !(root->flags & (IRF_LOCAL | IRF_PARAM));
}

struct path_read {
	const char *path;
	int hit;
};

static int path_visit(const struct ir_node *n, void *data)
{
	struct path_read *r = data;
	char buf[160];

	if (r->hit)
		return 0;
	if ((n->kind == IR_MEMBER || n->kind == IR_SUBSCRIPT || n->kind == IR_DECLREF) &&
	    module_facts_global_path(n) &&
	    ir_path_text(n, buf, sizeof(buf)) && !strcmp(buf, r->path))
		r->hit = 1;
	return !r->hit;
}

int module_facts_reads_global_path(const struct module_facts *mf, int fi, const char *path,
				   const struct ir_function **where)
{
	struct path_read r = { .path = path };
	const struct ir_function *f = first_reader(mf, fi, path_visit, &r.hit, &r);

	if (f && where)
		*where = f;
	return f != NULL;
}

const struct disk_wrappers *module_facts_wrappers(struct module_facts *mf)
{
	if (!mf->wrappers_found) {
		disk_wrappers_find(&mf->wrappers, mf->lf);
		mf->wrappers_found = 1;
	}
	return &mf->wrappers;
}

const char *module_facts_table_slot(const struct module_facts *mf, const char *table,
				    const char *slot)
{
	for (size_t i = 0; i < mf->nslots; i++)
		if (!strcmp(mf->slots[i].table, table) && !strcmp(mf->slots[i].slot, slot))
			return mf->slots[i].function;
	return NULL;
}

struct api_call {
	const char *const *names;
	int hit;
};

static int api_visit(const struct ir_node *n, void *data)
{
	struct api_call *a = data;

	if (n->kind == IR_CALL)
		for (unsigned i = 0; a->names[i] && !a->hit; i++)
			a->hit = !strcmp(ir_api_name(n), a->names[i]);
	return !a->hit;
}

int module_facts_calls_api(const struct module_facts *mf, int fi, const char *const *names,
			   const struct ir_function **where)
{
	struct api_call a = { .names = names };
	const struct ir_function *f = first_reader(mf, fi, api_visit, &a.hit, &a);

	if (f && where)
		*where = f;
	return f != NULL;
}

/* ------------------------------------------------------------ lifetime */

void module_facts_init(struct module_facts *mf, const struct lowered_file *lf,
		       const struct lowered_file *const *module, size_t nmodule)
{
	size_t cap = 0;

	memset(mf, 0, sizeof(*mf));
	mf->lf = lf;
	mf->module = module;
	mf->nmodule = nmodule;
	function_table(mf);
	name_index(mf);
	tables_of(mf, &cap, lf);
	for (size_t m = 0; m < nmodule; m++)
		tables_of(mf, &cap, module[m]);
	call_graph(mf);
}

void module_facts_free(struct module_facts *mf)
{
	free(mf->all.funcs);
	free(mf->by_name);
	free(mf->callee_at);
	free(mf->callee);
	free(mf->reach);
	free(mf->slots);
	free(mf->devm);
	string_list_free(&mf->disk_fields);
	string_list_free(&mf->tagset_fields);
	if (mf->wrappers_found)
		disk_wrappers_free(&mf->wrappers);
	memset(mf, 0, sizeof(*mf));
}
