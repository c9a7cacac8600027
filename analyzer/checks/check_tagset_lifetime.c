/*
 * tagset-lifetime: blk_mq_free_tag_set() on the tag set of a disk that is
 * still alive: before put_disk() of a never-added disk (also one whose
 * del_gendisk() above is conditional: the skipping path puts a disk that
 * may never have been added), or before del_gendisk() of an added one, on
 * a straight-line (fall-through) stretch of a function such as an
 * error-unwinding ladder or an exit function.
 * And the leak half: a tag set from blk_mq_alloc_tag_set() /
 * blk_mq_alloc_sq_tag_set() that an error return of the same function
 * leaves allocated (path-sensitive: tag sets are resources the engine
 * tracks, resource_objects.h).
 */
#include "device_release.h"
#include "file_rules.h"
#include "local_disks.h"
#include "rules.h"
#include "summary_table.h"
#include "typestate.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How deep the branches enclosing an event are followed (if, loop, case). */
#define MAX_GUARDS 16

struct event {
	int kind; /* EV_* below */
	char path[LD_PATH_LEN];
	struct ir_loc loc;
	size_t fn;
	/* the branches that enclose the call, outermost first: a body of a
	 * loop or a case, the then or else branch of an if (branch[i]), with
	 * the statement they belong to (owner[i]) */
	const struct ir_node *branch[MAX_GUARDS], *owner[MAX_GUARDS];
	unsigned nguards;
};

enum { T_FREE, T_PUT, T_DEL, T_JUMP, T_BIND };

struct facts {
	struct event *ev;
	size_t len, cap;
	size_t fn;
	/* the walk's enclosing branches (walk_events) */
	const struct ir_node *branch[MAX_GUARDS], *owner[MAX_GUARDS];
	unsigned nguards;
};

static void add(struct facts *f, int kind, const char *path, struct ir_loc loc)
{
	struct event *e;

	if (f->len == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 64;
		f->ev = realloc(f->ev, f->cap * sizeof(*f->ev));
		if (!f->ev)
			abort();
	}
	e = &f->ev[f->len++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	snprintf(e->path, sizeof(e->path), "%s", path ? path : "");
	e->loc = loc;
	e->fn = f->fn;
	e->nguards = f->nguards < MAX_GUARDS ? f->nguards : MAX_GUARDS;
	memcpy(e->branch, f->branch, e->nguards * sizeof(e->branch[0]));
	memcpy(e->owner, f->owner, e->nguards * sizeof(e->owner[0]));
}

/* "&dev->tag_set" -> "dev->tag_set", "set" -> "*set" */
static int tagset_text(const struct ir_node *n, char *buf, size_t len)
{
	n = ir_strip(n);
	if (n && n->kind == IR_UNARY && n->op == CXUnaryOperator_AddrOf && n->nkids == 1)
		return ir_path_text(n->kids[0], buf, len);
	if (n && ir_path_text(n, buf + 1, len - 1)) {
		buf[0] = '*';
		return 1;
	}
	return 0;
}

/* Tag-set binding: "disk" (the path) was allocated from tag set "other". */
struct binding {
	char disk[LD_PATH_LEN], tagset[LD_PATH_LEN];
	size_t fn;
};

/*
 * An allocator wrapper defined in the file: a function that calls
 * blk_mq_alloc_disk() on a tag set reached from its parameter "param"
 * (mmc_alloc_disk(mq, ...) on &mq->tag_set; a compat helper on "set").
 */
struct wrapper {
	const char *name;
	unsigned param;
	char rest[LD_PATH_LEN]; /* "" (the parameter points to the tag set) or "->tag_set" */
};

struct ctx {
	struct facts f;
	struct binding *b;
	size_t nb, capb;
	const struct lowered_file *lf;
	struct wrapper *w;
	size_t nw, capw;
};

static void bind(struct ctx *c, const char *disk, const char *tagset, size_t fn)
{
	if (c->nb == c->capb) {
		c->capb = c->capb ? c->capb * 2 : 16;
		c->b = realloc(c->b, c->capb * sizeof(*c->b));
		if (!c->b)
			abort();
	}
	snprintf(c->b[c->nb].disk, LD_PATH_LEN, "%s", disk);
	snprintf(c->b[c->nb].tagset, LD_PATH_LEN, "%s", tagset);
	c->b[c->nb++].fn = fn;
}

static void visit(const struct ir_node *n, struct ctx *c)
{
	char path[LD_PATH_LEN];
	const char *fn;

	if (n->kind == IR_RETURN || n->kind == IR_GOTO) {
		add(&c->f, T_JUMP, NULL, n->loc);
		return;
	}
	if (n->kind != IR_CALL)
		return;
	fn = ir_api_name(n);
	if (!strcmp(fn, "blk_mq_free_tag_set") && tagset_text(ir_call_arg(n, 0), path, sizeof(path)))
		add(&c->f, T_FREE, path, n->loc);
	else if (!strcmp(fn, "put_disk") && ir_path_text(ir_call_arg(n, 0), path, sizeof(path)))
		add(&c->f, T_PUT, path, n->loc);
	else if (!strcmp(fn, "del_gendisk") && ir_path_text(ir_call_arg(n, 0), path, sizeof(path)))
		add(&c->f, T_DEL, path, n->loc);
}

/* Is kid k of n a branch that may be skipped: an if's then or else, a
 * loop's body, a switch's body, a conditional operator's arms? */
static int is_branch(const struct ir_node *n, unsigned k)
{
	switch (n->kind) {
	case IR_IF:
	case IR_CONDOP:
		return k >= 1;
	case IR_WHILE:
	case IR_SWITCH:
		return k == 1;
	case IR_FOR:
		return k + 1 == n->nkids;
	default:
		return 0;
	}
}

/* visit() in evaluation order, each event with its enclosing branches */
static void walk_events(const struct ir_node *n, struct ctx *c)
{
	struct facts *f = &c->f;

	if (!n)
		return;
	visit(n, c);
	for (unsigned k = 0; k < n->nkids; k++) {
		int pushed = is_branch(n, k) && f->nguards < MAX_GUARDS;

		if (pushed) {
			f->branch[f->nguards] = n->kids[k];
			f->owner[f->nguards++] = n;
		}
		walk_events(n->kids[k], c);
		if (pushed)
			f->nguards--;
	}
}

/* ---------------------------------------------- allocator wrappers */

struct wrapper_scan {
	struct ctx *c;
	const struct ir_function *fn;
};

static int find_wrapper(const struct ir_node *n, void *data)
{
	struct wrapper_scan *ws = data;
	struct ctx *c = ws->c;
	char set[LD_PATH_LEN];

	if (n->kind != IR_CALL || strcmp(ir_api_name(n), "blk_mq_alloc_disk") ||
	    !tagset_text(ir_call_arg(n, 0), set, sizeof(set)))
		return 1;
	for (unsigned k = 0; k < ws->fn->nparams; k++) {
		const char *p = ws->fn->params[k];
		size_t len = p ? strlen(p) : 0;
		const char *rest;

		if (!len)
			continue;
		if (set[0] == '*' && !strcmp(set + 1, p))
			rest = "";
		else if (!strncmp(set, p, len) && (set[len] == '.' || !strncmp(set + len, "->", 2)))
			rest = set + len;
		else
			continue;
		if (c->nw == c->capw) {
			c->capw = c->capw ? c->capw * 2 : 8;
			c->w = realloc(c->w, c->capw * sizeof(*c->w));
			if (!c->w)
				abort();
		}
		c->w[c->nw].name = ws->fn->name;
		c->w[c->nw].param = k;
		snprintf(c->w[c->nw].rest, LD_PATH_LEN, "%s", rest);
		c->nw++;
		return 0;
	}
	return 1;
}

static int defined_in_file(const struct lowered_file *lf, const char *name)
{
	return lowered_function_index(lf, name) >= 0;
}

/* "gdv->tag_set", "*tags", "*set": the last component names a tag set */
static int names_tag_set(const char *path)
{
	const char *last = path[0] == '*' ? path + 1 : path;
	const char *p;

	for (p = path; *p; p++)
		if (*p == '.' || (*p == '>' && p > path && p[-1] == '-'))
			last = p + 1;
	return strstr(last, "tag") != NULL || !strcmp(last, "set");
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

/*
 * The tag set a call allocating a disk takes, as tagset_text() writes it:
 * blk_mq_alloc_disk(set, ...); a wrapper of it defined in the file, through
 * the wrapper's parameter; or an allocator defined elsewhere, typically a
 * compat helper in a local header (gdv_alloc_disk(&gdv->tag_set, ...)):
 * a function named *alloc_disk, other than the kernel's bio-based ones,
 * through its first argument that names a tag set.
 */
static int alloc_tagset(const struct ctx *c, const struct ir_node *call, char *out, size_t len)
{
	const char *name = ir_call_name(call);
	char path[LD_PATH_LEN];

	if (!strcmp(ir_api_name(call), "blk_mq_alloc_disk"))
		return tagset_text(ir_call_arg(call, 0), out, len);
	for (size_t i = 0; i < c->nw; i++) {
		const struct wrapper *w = &c->w[i];
		const struct ir_node *arg;

		if (strcmp(w->name, name) || w->param >= ir_call_nargs(call))
			continue;
		arg = ir_call_arg(call, w->param);
		if (!w->rest[0])
			return tagset_text(arg, out, len);
		arg = ir_strip(arg);
		if (arg && arg->kind == IR_UNARY && arg->op == CXUnaryOperator_AddrOf &&
		    arg->nkids == 1) {
			/* wrapper(&host->queue) on mq->tag_set: host->queue.tag_set */
			if (!ir_path_text(arg->kids[0], path, sizeof(path)))
				return 0;
			return snprintf(out, len, "%s.%s", path,
					w->rest + (w->rest[0] == '.' ? 1 : 2)) < (int)len;
		}
		if (!ir_path_text(arg, path, sizeof(path)))
			return 0;
		return snprintf(out, len, "%s%s", path, w->rest) < (int)len;
	}
	if (defined_in_file(c->lf, name) || !ends_with(name, "alloc_disk") ||
	    !strcmp(name, "blk_alloc_disk") || !strcmp(name, "alloc_disk"))
		return 0;
	for (unsigned i = 0; i < ir_call_nargs(call); i++)
		if (tagset_text(ir_call_arg(call, i), out, len) && names_tag_set(out))
			return 1;
	return 0;
}

/* disk paths allocated from a tag set (alloc_tagset) and their copies */
static int find_allocs(const struct ir_node *n, void *data)
{
	struct ctx *c = data;
	const struct ir_node *lhs = NULL, *rhs = NULL;
	char disk[LD_PATH_LEN], tagset[LD_PATH_LEN];
	const char *name = NULL;

	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2) {
		lhs = n->kids[0];
		rhs = ir_strip(n->kids[1]);
	} else if (n->kind == IR_DECL && n->nkids == 1) {
		name = n->name;
		rhs = ir_strip(n->kids[0]);
	}
	if (!rhs || rhs->kind != IR_CALL || !alloc_tagset(c, rhs, tagset, sizeof(tagset)))
		return 1;
	if (name)
		snprintf(disk, sizeof(disk), "%s", name);
	else if (!ir_path_text(lhs, disk, sizeof(disk)))
		return 1;
	bind(c, disk, tagset, c->f.fn);
	return 1;
}

static const char *tagset_of(const struct ctx *c, const struct local_disks *ld, const char *disk,
			     size_t fn)
{
	for (size_t i = 0; i < c->nb; i++) {
		if (!strcmp(c->b[i].disk, disk))
			return c->b[i].tagset;
		if (c->b[i].fn == fn && local_disks_same(ld, c->b[i].disk, disk))
			return c->b[i].tagset;
	}
	return NULL;
}

/* Is there a return/goto strictly between a and b (same function)? */
static int jump_between(const struct facts *f, size_t fn, struct ir_loc a, struct ir_loc b)
{
	for (size_t i = 0; i < f->len; i++)
		if (f->ev[i].fn == fn && f->ev[i].kind == T_JUMP && ir_loc_before(a, f->ev[i].loc) &&
		    ir_loc_before(f->ev[i].loc, b))
			return 1;
	return 0;
}

/* Is n (parens and casts seen through) the pointer disk or a test of it
 * against NULL, alone or in a chain of && and ||? */
static int null_test_of(const struct ir_node *n, const char *disk, const struct local_disks *ld)
{
	char path[LD_PATH_LEN];

	n = ir_strip(n);
	if (!n)
		return 0;
	if (n->kind == IR_UNARY && n->op == CXUnaryOperator_LNot && n->nkids == 1)
		return null_test_of(n->kids[0], disk, ld);
	if (n->kind == IR_BINARY && n->nkids == 2 &&
	    (n->op == CXBinaryOperator_LAnd || n->op == CXBinaryOperator_LOr))
		return null_test_of(n->kids[0], disk, ld) || null_test_of(n->kids[1], disk, ld);
	if (n->kind == IR_BINARY && n->nkids == 2 &&
	    (n->op == CXBinaryOperator_EQ || n->op == CXBinaryOperator_NE)) {
		const struct ir_node *a = ir_strip(n->kids[0]), *b = ir_strip(n->kids[1]);

		if (b && b->kind == IR_INTLIT && b->value == 0)
			return null_test_of(a, disk, ld);
		if (a && a->kind == IR_INTLIT && a->value == 0)
			return null_test_of(b, disk, ld);
		return 0;
	}
	return ir_path_text(n, path, sizeof(path)) &&
	       (!strcmp(path, disk) || local_disks_same(ld, path, disk));
}

/*
 * The if that makes del_gendisk() (del) conditional where the tag set is
 * freed (fr): an if enclosing del but not fr, del in its then branch, no
 * else branch, its condition no NULL test of the disk (if (dev->disk)
 * del_gendisk(dev->disk) skips only for a disk put_disk() ignores too).
 * On the path that skips it, the disk was never added (or the driver
 * could not tell): NULL when there is no such if, or del is in a branch
 * of another kind (a loop's body, an else) that does not enclose fr.
 */
static const struct ir_node *del_skipped_by(const struct event *del, const struct event *fr,
					    const char *disk, const struct local_disks *ld)
{
	const struct ir_node *found = NULL;
	unsigned i = 0;

	while (i < del->nguards && i < fr->nguards && del->branch[i] == fr->branch[i])
		i++;
	for (; i < del->nguards; i++) {
		const struct ir_node *o = del->owner[i];

		if (o->kind != IR_IF)
			continue;
		if (o->nkids != 2 || del->branch[i] != o->kids[1] || null_test_of(o->kids[0], disk, ld))
			return NULL;
		found = o;
	}
	return found;
}

/* Are a and b the same expression (kind, operator, names, constants)? */
static int same_expr(const struct ir_node *a, const struct ir_node *b)
{
	a = ir_strip(a);
	b = ir_strip(b);
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind || a->op != b->op || a->value != b->value ||
	    a->nkids != b->nkids || (a->flags & IRF_ARROW) != (b->flags & IRF_ARROW) ||
	    strcmp(a->name ? a->name : "", b->name ? b->name : ""))
		return 0;
	for (unsigned k = 0; k < a->nkids; k++)
		if (!same_expr(a->kids[k], b->kids[k]))
			return 0;
	return 1;
}

/* Is the event in the then branch of an if whose condition is guard's
 * (if (added) del_gendisk(d); ... if (added) put_disk(d);): the path
 * that skipped del_gendisk() skips it too. */
static int under_same_condition(const struct event *e, const struct ir_node *guard)
{
	for (unsigned i = 0; i < e->nguards; i++)
		if (e->owner[i]->kind == IR_IF && e->owner[i]->nkids >= 2 &&
		    e->branch[i] == e->owner[i]->kids[1] &&
		    same_expr(e->owner[i]->kids[0], guard->kids[0]))
			return 1;
	return 0;
}

static void judge(const struct file_context *fc, struct ctx *c, size_t fn,
		  const struct local_disks *ld)
{
	for (size_t i = 0; i < c->f.len; i++) {
		const struct event *fr = &c->f.ev[i];

		if (fr->fn != fn || fr->kind != T_FREE)
			continue;
		for (size_t j = 0; j < c->f.len; j++) {
			const struct event *e = &c->f.ev[j];
			const char *ts;
			int deleted_before = 0;
			const struct event *cond_del = NULL;
			const struct ir_node *guard = NULL;
			struct finding *f;
			char *note;

			if (e->fn != fn || (e->kind != T_PUT && e->kind != T_DEL) ||
			    !ir_loc_before(fr->loc, e->loc) || jump_between(&c->f, fn, fr->loc, e->loc))
				continue;
			ts = tagset_of(c, ld, e->path, fn);
			if (!ts || strcmp(ts, fr->path) != 0)
				continue;
			/* after del_gendisk, freeing the tag set before put_disk is fine */
			for (size_t k = 0; k < c->f.len; k++) {
				const struct event *d = &c->f.ev[k];
				const struct ir_node *g;

				if (d->fn != fn || d->kind != T_DEL || !ir_loc_before(d->loc, fr->loc) ||
				    jump_between(&c->f, fn, d->loc, fr->loc) ||
				    !local_disks_same(ld, d->path, e->path))
					continue;
				g = del_skipped_by(d, fr, e->path, ld);
				if (!g) {
					deleted_before = 1;
				} else if (!cond_del) {
					cond_del = d;
					guard = g;
				}
			}
			if (e->kind == T_PUT && deleted_before)
				continue;
			if (e->kind == T_PUT && cond_del && under_same_condition(e, guard))
				continue;
			if (e->kind == T_PUT && cond_del) {
				/* del_gendisk() only under a condition: the path that
				 * skips it puts a disk that was never added, whose
				 * disk_release() exits its queue on the tag set */
				f = file_report(fc, fr->loc, fc->lf->funcs[fn].name,
						"blk_mq_free_tag_set() frees the tag set of '%s' before "
						"put_disk(), and del_gendisk() above is conditional: when "
						"the disk was never added, put_disk() exits its queue on "
						"the freed tag set; free the tag set after put_disk()",
						e->path);
				if (f && asprintf(&note, "del_gendisk() of '%s' only under this "
						  "condition", e->path) >= 0)
					finding_add_note(f, guard->loc, note);
				if (f && asprintf(&note, "put_disk() of '%s' here", e->path) >= 0)
					finding_add_note(f, e->loc, note);
				break;
			}
			f = file_report(fc, fr->loc, fc->lf->funcs[fn].name,
					"blk_mq_free_tag_set() frees the tag set of '%s' before %s(): "
					"its queue still uses it; free the tag set last",
					e->path, e->kind == T_PUT ? "put_disk" : "del_gendisk");
			if (f && asprintf(&note, "%s() of '%s' here",
					  e->kind == T_PUT ? "put_disk" : "del_gendisk", e->path) >= 0)
				finding_add_note(f, e->loc, note);
			break;
		}
	}
}

/* ------------------------------------------------------------ leak half */

static void classify(const struct ir_node *call, struct res_call *out)
{
	const char *name = ir_api_name(call);

	if ((!strcmp(name, "blk_mq_alloc_tag_set") || !strcmp(name, "blk_mq_alloc_sq_tag_set")) &&
	    tagset_text(ir_call_arg(call, 0), out->key, sizeof(out->key))) {
		out->role = RES_ACQUIRE;
		out->success = VAL_ZERO;
		out->possible = VAL_ZERO | VAL_NEG;
	} else if (!strcmp(name, "blk_mq_free_tag_set")) {
		out->role = RES_RELEASE;
		if (!tagset_text(ir_call_arg(call, 0), out->key, sizeof(out->key)))
			out->key[0] = 0; /* an unrecognised argument frees any tag set */
	}
}

static const struct resource_class tag_sets = { classify };

/* An error return with a tag set allocated in this function still held. */
static void on_event(const struct lint_event *ev)
{
	const char *key, *set;
	struct finding *f;

	if (ev->kind != EV_RESOURCE_LEAK)
		return;
	key = ev->resource->key;
	if (ev->fa->summaries && device_release_owns(ev->fa->summaries->lf, ev->fa->fn, key, ev->loc))
		return; /* the device dropped here frees the tag set in its release */
	set = key[0] == '*' ? key + 1 : key;
	f = lint_report(ev, "tagset-lifetime", ev->loc,
			"tag set '%s' leaked on this error path: blk_mq_free_tag_set() missing",
			set);
	lint_note(f, ev->resource->acquire_loc, "tag set '%s' allocated here", set);
}

/* ------------------------------------------- owned by a device's release */

/* The function frees a tag set that the release of a device it registered
 * frees too, with the device still registered (device_release.h). */
static void judge_released(const struct file_context *fc, size_t fn)
{
	struct released_free rf[8];
	size_t n = device_release_frees(fc->lf, &fc->lf->funcs[fn], rf, sizeof(rf) / sizeof(rf[0]));

	for (size_t i = 0; i < n; i++) {
		struct finding *f;
		char *note;

		f = file_report(fc, rf[i].free_loc, fc->lf->funcs[fn].name,
				"blk_mq_free_tag_set() frees '%s' while the device '%s' is still "
				"registered, and that device's release, %s(), frees it too when the "
				"device is unregistered: a double free; unregister the device on "
				"this path instead of freeing the tag set here",
				rf[i].tagset, rf[i].device, rf[i].release);
		if (f && asprintf(&note, "%s() registers the device here", rf[i].reg_call) >= 0)
			finding_add_note(f, rf[i].reg_loc, note);
		if (f && asprintf(&note, "%s() frees the tag set here", rf[i].release) >= 0)
			finding_add_note(f, rf[i].release_loc, note);
	}
}

static void on_file(const struct file_context *fc)
{
	struct ctx c = { 0 };

	c.lf = fc->lf;
	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		struct wrapper_scan ws = { &c, &fc->lf->funcs[i] };

		ir_walk(fc->lf->funcs[i].body, find_wrapper, &ws);
	}
	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		c.f.fn = i;
		ir_walk(fc->lf->funcs[i].body, find_allocs, &c);
		c.f.nguards = 0;
		walk_events(fc->lf->funcs[i].body, &c);
	}
	/* copies of allocated disks in their function (dev->disk = disk) */
	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		struct local_disks ld;
		size_t nb = c.nb;

		local_disks_collect(&ld, &fc->lf->funcs[i]);
		for (size_t b = 0; b < nb; b++) {
			if (c.b[b].fn != i)
				continue;
			for (unsigned k = 0; k < ld.copies.len; k++)
				if (!strcmp(ld.copies.items[k].other, c.b[b].disk))
					bind(&c, ld.copies.items[k].path, c.b[b].tagset, i);
		}
		local_disks_free(&ld);
	}
	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		struct local_disks ld;

		local_disks_collect(&ld, &fc->lf->funcs[i]);
		judge(fc, &c, i, &ld);
		local_disks_free(&ld);
		judge_released(fc, i);
	}
	free(c.f.ev);
	free(c.b);
	free(c.w);
}

/* the prefilter's trigger tokens (rules.h) */
static void tokens(struct string_list *out)
{
	string_list_push(out, "tag_set");
}

const struct rule rule_tagset_lifetime = {
	.id = "tagset-lifetime",
	.severity = "warning",
	.confidence = "medium",
	.summary = "blk_mq_free_tag_set before del_gendisk/put_disk of the disk using the tag set; "
		   "tag set leaked on an error path, or freed while a registered device's release "
		   "frees it too",
	.explain =
		"Why: a disk from blk_mq_alloc_disk(set, ...) owns a request queue whose\n"
		"hardware contexts and requests belong to the tag set.  The queue is released\n"
		"by the last put_disk() (disk_release -> blk_put_queue, 6.12 genhd.c:1226)\n"
		"and quiesced by del_gendisk() (gendisk-api.md 2.3-2.5); freeing the tag set\n"
		"first leaves the queue pointing into freed tags (use-after-free in\n"
		"blk_mq_exit_queue / blk_mq_free_rqs).  Once del_gendisk() has run, the tag\n"
		"set may be freed before put_disk() (virtio_blk's remove does that), but\n"
		"only where del_gendisk() ran: a del_gendisk() under a condition of its own\n"
		"(if (test_bit(ADDED, &dev->flags)) del_gendisk(dev->disk), mtip32xx's\n"
		"remove) tells that the disk may not have been added there (a probe that\n"
		"defers add_disk()), and for a never-added disk the last put_disk() runs\n"
		"blk_mq_exit_queue() on the tag set (disk_release, 6.12 genhd.c:1213), so\n"
		"freeing the tag set before that put is reported too.  Not when the\n"
		"condition is a NULL test of the disk itself (put_disk(NULL) does nothing),\n"
		"has an else branch, or also guards that put_disk() (if (added) put_disk()).\n"
		"Checked on straight-line stretches (an error-unwinding ladder falling through\n"
		"its labels, an exit function); the tag set and the disk are matched by\n"
		"access path within the file, hence confidence medium.  The disk's tag set\n"
		"is the one passed to blk_mq_alloc_disk(), to a wrapper of it defined in\n"
		"the file (through the wrapper's parameter: mmc_alloc_disk(mq) on\n"
		"&mq->tag_set), or to an allocator defined elsewhere, such as a compat\n"
		"helper in a local header, named *alloc_disk (not blk_alloc_disk): its\n"
		"first argument whose last member names a tag set (tag_set, tagset, set).\n"
		"A disk copied to the driver struct (dev->disk = disk) is matched by that\n"
		"path in the remove or exit function.\n"
		"Leaks: a tag set allocated by blk_mq_alloc_tag_set() or\n"
		"blk_mq_alloc_sq_tag_set() holds the hardware queues' tags and request\n"
		"memory (blk_mq_alloc_map_and_rqs per queue) until blk_mq_free_tag_set();\n"
		"an error return after the allocation succeeded (typically: the following\n"
		"blk_mq_alloc_disk() failed) without freeing it leaks all of that.  Checked\n"
		"per function and path-sensitively (the failure branch of the allocation\n"
		"itself is no leak; a same-file helper that frees a tag set counts as\n"
		"freeing it).  A tag set allocated in one function and left to the caller\n"
		"to free on error is reported in the allocating function.\n"
		"A registered device owns what its release frees: a function that sets a\n"
		"struct device's release (x->pdev.dev.release = fn) to a function freeing\n"
		"the tag set of the struct the device lives in (container_of,\n"
		"dev_get_drvdata) and registers the device (platform_device_register,\n"
		"device_register, device_add) must not free that tag set on a later path\n"
		"that leaves the device registered, or before unregistering it: the\n"
		"release frees it again when the device goes (double free; ubd_add() in\n"
		"6.12).  Unregister the device instead (its release frees the tag set);\n"
		"such an error return is no leak either.\n"
		"\n"
		"Wrong:\n"
		"out_free_tags:\n"
		"\tblk_mq_free_tag_set(&dev->tag_set);\n"
		"out_put_disk:\n"
		"\tput_disk(disk);\n"
		"\n"
		"Right:\n"
		"out_put_disk:\n"
		"\tput_disk(disk);\n"
		"out_free_tags:\n"
		"\tblk_mq_free_tag_set(&dev->tag_set);\n"
		"\n"
		"Wrong (leak):\n"
		"\terr = blk_mq_alloc_tag_set(&dev->tag_set);\n"
		"\tif (err)\n"
		"\t\treturn err;\n"
		"\tdisk = blk_mq_alloc_disk(&dev->tag_set, &lim, dev);\n"
		"\tif (IS_ERR(disk))\n"
		"\t\treturn PTR_ERR(disk);\n"
		"\n"
		"Right:\n"
		"\tif (IS_ERR(disk)) {\n"
		"\t\tblk_mq_free_tag_set(&dev->tag_set);\n"
		"\t\treturn PTR_ERR(disk);\n"
		"\t}\n"
		"\n"
		"Fix: unwind in reverse order of setup: del_gendisk() (if added), put_disk(),\n"
		"then blk_mq_free_tag_set(), on every error path after the tag set was\n"
		"allocated.\n",
	.on_event = on_event,
	.resources = &tag_sets,
	.on_file = on_file,
	.tokens = tokens,
};
