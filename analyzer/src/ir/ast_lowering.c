/* Walk libclang cursors of main-file functions once and build the IR. */
#include "ast_lowering.h"

#include "local_headers.h"
#include "parse_damage.h"
#include "string_list.h"
#include "token_rebuild.h"

#include <stdlib.h>
#include <string.h>

struct cursor_vec {
	CXCursor *items;
	unsigned len;
	unsigned cap;
};

/* A variable a rebuilt expression can name: a parameter or a local declared so far. */
struct local_name {
	const char *name;
	unsigned flags;
};

/* One function (or file-scope initializer) being lowered. */
struct lower_ctx {
	struct ir_arena *arena;
	CXTranslationUnit tu;
	const struct parse_damage *damage;
	struct local_name *names;
	size_t nnames, cap_names;
};

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data)
{
	struct cursor_vec *v = data;

	(void)parent;
	if (v->len == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 8;
		v->items = xrealloc(v->items, v->cap * sizeof(*v->items));
	}
	v->items[v->len++] = c;
	return CXChildVisit_Continue;
}

static struct ir_loc cursor_loc(CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceLocation l = clang_getRangeStart(r);
	unsigned line = 0, col = 0;
	struct ir_loc loc;

	/* the file location: where a macro argument was written, or the
	 * expansion point for tokens of a macro body (blk_alloc_disk(...)) */
	clang_getFileLocation(l, NULL, &line, &col, NULL);
	if (line == 0)
		clang_getFileLocation(clang_getCursorLocation(c), NULL, &line, &col, NULL);
	loc.line = line;
	loc.col = col;
	return loc;
}

static const char *cursor_name(struct ir_arena *arena, CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	const char *cs = clang_getCString(s);
	const char *out = ir_strdup(arena, cs ? cs : "");

	clang_disposeString(s);
	return out;
}

static int in_driver_files(CXCursor c);

/* in_driver_files() of a struct, remembered by USR for the last few
 * structs of the file being lowered (member expressions of one struct come
 * in runs); emptied for each file.  Per thread: with --file-timeout 0
 * worker threads lower files at the same time. */
enum { RECORD_SLOTS = 8 };
static _Thread_local char *record_usrs[RECORD_SLOTS];
static _Thread_local int record_driver[RECORD_SLOTS];
static _Thread_local unsigned record_next;

static void record_cache_reset(void)
{
	for (unsigned i = 0; i < RECORD_SLOTS; i++) {
		free(record_usrs[i]);
		record_usrs[i] = NULL;
	}
	record_next = 0;
}

static int record_in_driver_files(CXCursor rec, const char *usr)
{
	char **usrs = record_usrs;
	int *driver = record_driver;
	unsigned i;

	for (i = 0; i < RECORD_SLOTS; i++)
		if (usrs[i] && !strcmp(usrs[i], usr))
			return driver[i];
	i = record_next++ % RECORD_SLOTS;
	free(usrs[i]);
	usrs[i] = xstrdup(usr);
	driver[i] = in_driver_files(rec);
	return driver[i];
}

/* The USR of the struct or union declaring the member c refers to, or
 * NULL; *driver: that struct is defined in the driver's own files. */
static const char *member_record(struct ir_arena *arena, CXCursor c, int *driver)
{
	CXCursor field = clang_getCursorReferenced(c), rec;
	CXString s;
	const char *cs, *out = NULL;

	*driver = 0;
	if (clang_Cursor_isNull(field) || clang_getCursorKind(field) != CXCursor_FieldDecl)
		return NULL;
	rec = clang_getCursorSemanticParent(field);
	s = clang_getCursorUSR(rec);
	cs = clang_getCString(s);
	if (cs && *cs)
		out = ir_strdup(arena, cs);
	clang_disposeString(s);
	if (out)
		*driver = record_in_driver_files(rec, out);
	return out;
}

static int is_kept_child(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return clang_isExpression(k) || clang_isStatement(k) || k == CXCursor_VarDecl;
}

static struct ir_node *lower(struct lower_ctx *lc, CXCursor c, int depth);

static struct ir_node *new_node(struct ir_arena *arena, enum ir_kind kind, CXCursor c)
{
	struct ir_node *n = ir_alloc(arena, sizeof(*n));

	n->kind = kind;
	n->loc = cursor_loc(c);
	return n;
}

static void lower_kids(struct lower_ctx *lc, struct ir_node *n, const struct cursor_vec *v,
		       int depth)
{
	unsigned k = 0;

	n->kids = ir_alloc(lc->arena, (v->len ? v->len : 1) * sizeof(*n->kids));
	for (unsigned i = 0; i < v->len; i++) {
		struct ir_node *kid;

		if (!is_kept_child(v->items[i]))
			continue;
		kid = lower(lc, v->items[i], depth + 1);
		if (kid)
			n->kids[k++] = kid;
	}
	n->nkids = k;
}

static void mark_declref(struct ir_node *n, CXCursor c)
{
	CXCursor ref = clang_getCursorReferenced(c);
	enum CXCursorKind rk = clang_getCursorKind(ref);

	if (rk == CXCursor_ParmDecl) {
		n->flags |= IRF_VAR | IRF_PARAM;
	} else if (rk == CXCursor_VarDecl) {
		enum CX_StorageClass sc = clang_Cursor_getStorageClass(ref);
		enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(ref));

		n->flags |= IRF_VAR;
		if (pk == CXCursor_FunctionDecl && sc != CX_SC_Static && sc != CX_SC_Extern)
			n->flags |= IRF_LOCAL;
	}
}

/* ------------------------------------------------ what the parse lost */

static unsigned names_lookup(void *ctx, const char *name)
{
	const struct lower_ctx *lc = ctx;

	for (size_t i = lc->nnames; i-- > 0;)
		if (strcmp(lc->names[i].name, name) == 0)
			return lc->names[i].flags;
	return 0;
}

static void names_declare(void *ctx, const char *name, unsigned flags)
{
	struct lower_ctx *lc = ctx;

	if (lc->nnames == lc->cap_names) {
		lc->cap_names = lc->cap_names ? lc->cap_names * 2 : 16;
		lc->names = xrealloc(lc->names, lc->cap_names * sizeof(*lc->names));
	}
	lc->names[lc->nnames].name = name;
	lc->names[lc->nnames].flags = flags;
	lc->nnames++;
}

/* The file and offsets [begin, end) a cursor covers, macro expansions
 * counted from where they are written. */
static CXFile extent_offsets(CXCursor c, unsigned *begin, unsigned *end)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile file = NULL, efile = NULL;
	unsigned b = 0, e1 = 0, e2 = 0;

	clang_getExpansionLocation(clang_getRangeStart(r), &file, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getRangeEnd(r), &efile, NULL, NULL, &e1);
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e2);
	*begin = b;
	*end = e1 > e2 ? e1 : e2;
	if (*end < b)
		*end = b;
	return file;
}

static size_t damage_in(const struct lower_ctx *lc, CXCursor c)
{
	unsigned b, e;
	CXFile f;

	if (!lc->damage || !lc->damage->len)
		return 0;
	f = extent_offsets(c, &b, &e);
	return parse_damage_count(lc->damage, f, b, e);
}

/* The tokens of a cursor's extent, with their file offsets. */
struct token_run {
	struct rebuild_token *t;
	unsigned *offset;
	unsigned *end; /* offset just past the token */
	size_t n;
	CXFile file;
};

/* The tokens of range, with their file offsets; with stop_at_end, up to
 * the first ';' outside brackets (the end of a file-scope declaration). */
static void tokens_in(struct lower_ctx *lc, CXSourceRange range, int stop_at_end,
		      struct token_run *run)
{
	CXToken *toks = NULL;
	unsigned n = 0;
	int depth = 0;

	memset(run, 0, sizeof(*run));
	clang_tokenize(lc->tu, range, &toks, &n);
	if (!n)
		return;
	run->t = xmalloc(n * sizeof(*run->t));
	run->offset = xmalloc(n * sizeof(*run->offset));
	run->end = xmalloc(n * sizeof(*run->end));
	for (unsigned i = 0; i < n; i++) {
		enum CXTokenKind k = clang_getTokenKind(toks[i]);
		CXString sp;
		struct rebuild_token *rt = &run->t[run->n];
		unsigned line, col, off;

		if (k == CXToken_Comment)
			continue;
		rt->kind = k == CXToken_Punctuation ? RT_PUNCT : k == CXToken_Keyword ? RT_KEYWORD
			 : k == CXToken_Identifier ? RT_IDENT : RT_LITERAL;
		sp = clang_getTokenSpelling(lc->tu, toks[i]);
		rt->text = ir_strdup(lc->arena, clang_getCString(sp) ? clang_getCString(sp) : "");
		clang_disposeString(sp);
		clang_getFileLocation(clang_getTokenLocation(lc->tu, toks[i]), &run->file, &line,
				      &col, &off);
		rt->loc.line = line;
		rt->loc.col = col;
		run->offset[run->n] = off;
		run->end[run->n] = off + (unsigned)strlen(rt->text);
		run->n++;
		if (!stop_at_end)
			continue;
		if (!strcmp(rt->text, "{") || !strcmp(rt->text, "("))
			depth++;
		else if (!strcmp(rt->text, "}") || !strcmp(rt->text, ")"))
			depth--;
		else if (depth == 0 && !strcmp(rt->text, ";"))
			break;
	}
	clang_disposeTokens(lc->tu, toks, n);
}

static void tokens_of(struct lower_ctx *lc, CXCursor c, struct token_run *run)
{
	tokens_in(lc, clang_getCursorExtent(c), 0, run);
}

static void token_run_free(struct token_run *run)
{
	free(run->t);
	free(run->offset);
	free(run->end);
	memset(run, 0, sizeof(*run));
}

static const struct rebuild_names *names_of(struct lower_ctx *lc, struct rebuild_names *rn)
{
	rn->lookup = names_lookup;
	rn->declare = names_declare;
	rn->ctx = lc;
	return rn;
}

static void push_kid(struct lower_ctx *lc, struct ir_node *n, unsigned *cap, struct ir_node *kid)
{
	if (n->nkids == *cap) {
		struct ir_node **k = ir_alloc(lc->arena, (*cap ? *cap * 2 : 8) * sizeof(*k));

		if (n->nkids)
			memcpy(k, n->kids, n->nkids * sizeof(*k));
		n->kids = k;
		*cap = *cap ? *cap * 2 : 8;
	}
	n->kids[n->nkids++] = kid;
}

/* Tokens [from, to) of run are no statement libclang kept: when an error
 * lies among them, what they say is rebuilt and appended to n. */
static void rebuild_gap(struct lower_ctx *lc, struct ir_node *n, unsigned *cap,
			const struct token_run *run, size_t from, size_t to)
{
	struct rebuild_names rn;
	struct ir_node *block;

	if (from >= to || !parse_damage_count(lc->damage, run->file, run->offset[from],
					      run->end[to - 1]))
		return;
	block = rebuild_statements(lc->arena, run->t + from, to - from, names_of(lc, &rn));
	for (unsigned i = 0; block && i < block->nkids; i++)
		push_kid(lc, n, cap, block->kids[i]);
}

/* A compound statement whose extent holds errors: its kept statements,
 * and between them whatever libclang dropped, rebuilt from the tokens. */
static void lower_damaged_compound(struct lower_ctx *lc, struct ir_node *n, CXCursor c,
				   const struct cursor_vec *v, int depth)
{
	struct token_run run;
	size_t tok = 1, last;
	unsigned cap = 0;

	tokens_of(lc, c, &run);
	if (run.n < 2 || strcmp(run.t[0].text, "{") || strcmp(run.t[run.n - 1].text, "}")) {
		token_run_free(&run);
		lower_kids(lc, n, v, depth);
		return;
	}
	last = run.n - 1;
	n->nkids = 0;
	for (unsigned i = 0; i < v->len; i++) {
		unsigned b, e;
		size_t first;
		struct ir_node *kid;

		if (!is_kept_child(v->items[i]))
			continue;
		extent_offsets(v->items[i], &b, &e);
		for (first = tok; first < last && run.offset[first] < b; first++)
			;
		rebuild_gap(lc, n, &cap, &run, tok, first);
		kid = lower(lc, v->items[i], depth + 1);
		if (kid)
			push_kid(lc, n, &cap, kid);
		for (tok = first; tok < last && run.offset[tok] < e; tok++)
			;
	}
	rebuild_gap(lc, n, &cap, &run, tok, last);
	token_run_free(&run);
}

/* A declaration statement with errors: a VarDecl whose initializer clang
 * dropped keeps only "type name"; the "= ..." after it is rebuilt. */
static void lower_damaged_decls(struct lower_ctx *lc, struct ir_node *n, CXCursor c,
				const struct cursor_vec *v, int depth)
{
	struct token_run run;
	unsigned cap = 0;

	tokens_of(lc, c, &run);
	n->nkids = 0;
	for (unsigned i = 0; i < v->len; i++) {
		struct ir_node *kid;
		unsigned b, e;
		size_t eq, stop;
		int nest = 0;
		struct rebuild_names rn;

		if (!is_kept_child(v->items[i]))
			continue;
		kid = lower(lc, v->items[i], depth + 1);
		if (!kid)
			continue;
		push_kid(lc, n, &cap, kid);
		if (kid->kind != IR_DECL || kid->nkids)
			continue;
		extent_offsets(v->items[i], &b, &e);
		for (eq = 0; eq < run.n && run.offset[eq] < e; eq++)
			;
		if (eq >= run.n || strcmp(run.t[eq].text, "="))
			continue;
		for (stop = eq + 1; stop < run.n; stop++) {
			const char *s = run.t[stop].text;

			if (!strcmp(s, "(") || !strcmp(s, "[") || !strcmp(s, "{"))
				nest++;
			else if (!strcmp(s, ")") || !strcmp(s, "]") || !strcmp(s, "}"))
				nest--;
			else if (nest == 0 && (!strcmp(s, ",") || !strcmp(s, ";")))
				break;
		}
		kid->kids = ir_alloc(lc->arena, sizeof(*kid->kids));
		kid->kids[0] = rebuild_expression(lc->arena, run.t + eq + 1, stop - eq - 1,
						  names_of(lc, &rn));
		kid->nkids = kid->kids[0] != NULL;
	}
	token_run_free(&run);
}

/* An expression clang could not type (a recovery expression, a member of
 * an incomplete struct): rebuilt from its tokens when they read as a
 * path or a call, else IR_UNKNOWN over whatever did lower inside. */
static struct ir_node *lower_untyped(struct lower_ctx *lc, CXCursor c, const struct cursor_vec *v,
				     int depth)
{
	struct token_run run;
	struct rebuild_names rn;
	struct ir_node *n = NULL;

	tokens_of(lc, c, &run);
	if (run.n)
		n = rebuild_expression(lc->arena, run.t, run.n, names_of(lc, &rn));
	token_run_free(&run);
	if (!n || n->kind == IR_UNKNOWN) {
		n = new_node(lc->arena, IR_UNKNOWN, c);
		lower_kids(lc, n, v, depth);
	}
	return n;
}

/* The kernel's "__" implementation behind an allocation macro: is the
 * call spelled inside a macro's body (blk_alloc_disk(...) expanding to
 * __blk_alloc_disk(...), also through a driver's own macro around it),
 * not written directly (block/genhd.c calling __alloc_disk_node())? */
static int written_as_macro(CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile sfile = NULL, efile = NULL;
	unsigned soff = 0, eoff = 0;

	clang_getSpellingLocation(loc, &sfile, NULL, NULL, &soff);
	clang_getExpansionLocation(loc, &efile, NULL, NULL, &eoff);
	return soff != eoff || !clang_File_isEqual(sfile, efile);
}

/* Is the cursor written in the main file or one of the driver's own headers? */
static int in_driver_files(CXCursor c)
{
	CXFile file = NULL;
	int yes = 0;

	if (clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return 1;
	clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	if (file) {
		CXString fname = clang_getFileName(file);
		const char *path = clang_getCString(fname), *slash;

		if (path && (slash = strrchr(path, '/')) != NULL) {
			char *dir = xstrndup(path, (size_t)(slash - path));

			yes = local_include_dir(dir);
			free(dir);
		}
		clang_disposeString(fname);
	}
	return yes;
}

/* IRF_UNRESOLVED: the callee was declared implicitly (no header declares
 * it); IRF_CALLEE_DRIVER: the driver's own function (a static one of its
 * files, or one it defines).  A bare extern prototype in the driver (an
 * old driver declaring add_partition() itself) still names the kernel's. */
static unsigned callee_flags(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);
	CXCursor def;
	unsigned line = 0;

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return 0;
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(ref)), NULL, &line, NULL,
			      NULL);
	if (line == 0 || clang_getCursorKind(clang_getCursorLexicalParent(ref)) ==
			 CXCursor_FunctionDecl)
		return IRF_UNRESOLVED; /* implicit: a use with no declaration */
	if (clang_Cursor_getStorageClass(ref) == CX_SC_Static && in_driver_files(ref))
		return IRF_CALLEE_DRIVER;
	def = clang_getCursorDefinition(ref);
	if (!clang_Cursor_isNull(def) && in_driver_files(def))
		return IRF_CALLEE_DRIVER;
	return 0;
}

/* A comparison or logical test: only a for loop's condition is one. */
static int is_test_expr(const struct ir_node *n)
{
	if (!n)
		return 0;
	if (n->kind == IR_BINARY)
		return (n->op >= CXBinaryOperator_LT && n->op <= CXBinaryOperator_NE) ||
		       n->op == CXBinaryOperator_LAnd || n->op == CXBinaryOperator_LOr;
	return n->kind == IR_UNARY && n->op == CXUnaryOperator_LNot;
}

/* Is the call's type struct gendisk * (an allocator wrapper's result)? */
static int returns_disk_pointer(CXCursor call)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(call));
	CXString s;
	int yes;

	if (t.kind != CXType_Pointer)
		return 0;
	s = clang_getTypeSpelling(clang_getCanonicalType(clang_getPointeeType(t)));
	yes = strcmp(clang_getCString(s), "struct gendisk") == 0;
	clang_disposeString(s);
	return yes;
}

static enum CXChildVisitResult find_named_ref(CXCursor c, CXCursor parent, CXClientData data)
{
	CXCursor *out = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXString s;
	int named;

	(void)parent;
	if (k != CXCursor_DeclRefExpr && k != CXCursor_OverloadedDeclRef)
		return CXChildVisit_Recurse;
	s = clang_getCursorSpelling(c);
	named = clang_getCString(s) && *clang_getCString(s);
	clang_disposeString(s);
	if (!named)
		return CXChildVisit_Recurse;
	*out = c;
	return CXChildVisit_Break;
}

/* The name of a call clang could not resolve (an argument it could not
 * type makes the whole call dependent and its spelling empty): the
 * function the callee expression names, strcpy in strcpy(d, pd->name). */
static const char *callee_spelling(struct ir_arena *arena, CXCursor callee)
{
	CXCursor found = clang_getNullCursor();

	if (find_named_ref(callee, clang_getNullCursor(), &found) != CXChildVisit_Break)
		clang_visitChildren(callee, find_named_ref, &found);
	return clang_Cursor_isNull(found) ? "" : cursor_name(arena, found);
}

/* The value of expression c has an unsigned integer type as written: parens
 * and implicit conversions (libclang's UnexposedExpr) are looked through,
 * an explicit cast is not. */
static int value_unsigned(CXCursor c)
{
	for (int depth = 0; depth < 16; depth++) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct cursor_vec v = { 0 };
		int one = 0;

		if (k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr) {
			clang_visitChildren(c, collect_child, &v);
			one = v.len == 1 && clang_isExpression(clang_getCursorKind(v.items[0]));
			if (one)
				c = v.items[0];
			free(v.items);
			if (one)
				continue;
		}
		switch (clang_getCanonicalType(clang_getCursorType(c)).kind) {
		case CXType_UChar: case CXType_UShort: case CXType_UInt:
		case CXType_ULong: case CXType_ULongLong: case CXType_UInt128:
			return 1;
		default:
			return 0;
		}
	}
	return 0;
}

static struct ir_node *lower(struct lower_ctx *lc, CXCursor c, int depth)
{
	struct ir_arena *arena = lc->arena;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_vec v = { 0 };
	struct ir_node *n;
	unsigned kept = 0;
	int driver_record = 0;

	if (depth > 400)
		return new_node(arena, IR_OTHER, c);
	if (k == CXCursor_UnaryExpr) /* sizeof, alignof: not evaluated */
		return new_node(arena, IR_SIZEOF, c);
	clang_visitChildren(c, collect_child, &v);
	for (unsigned i = 0; i < v.len; i++)
		kept += (unsigned)is_kept_child(v.items[i]);

	/* what clang could not type is never a transparent wrapper, and a
	 * member of an incomplete struct has no name: both are read from
	 * their tokens (new->disk->queue) */
	if ((k == CXCursor_UnexposedExpr || k == CXCursor_MemberRefExpr) &&
	    (clang_getCursorType(c).kind == CXType_Dependent ||
	     (k == CXCursor_UnexposedExpr && kept == 0 && damage_in(lc, c)))) {
		n = lower_untyped(lc, c, &v, depth);
		free(v.items);
		return n;
	}
	/* transparent wrappers: parens, casts, implicit conversions */
	if ((k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr ||
	     k == CXCursor_CStyleCastExpr) && kept == 1) {
		for (unsigned i = 0; i < v.len; i++) {
			if (is_kept_child(v.items[i])) {
				n = lower(lc, v.items[i], depth + 1);
				free(v.items);
				return n;
			}
		}
	}

	switch (k) {
	case CXCursor_CompoundStmt:
		n = new_node(arena, IR_COMPOUND, c);
		if (damage_in(lc, c)) {
			lower_damaged_compound(lc, n, c, &v, depth);
			free(v.items);
			return n;
		}
		break;
	case CXCursor_IfStmt: n = new_node(arena, IR_IF, c); break;
	case CXCursor_SwitchStmt: n = new_node(arena, IR_SWITCH, c); break;
	case CXCursor_CaseStmt: n = new_node(arena, IR_CASE, c); break;
	case CXCursor_DefaultStmt: n = new_node(arena, IR_DEFAULT, c); break;
	case CXCursor_WhileStmt: n = new_node(arena, IR_WHILE, c); break;
	case CXCursor_DoStmt: n = new_node(arena, IR_DO, c); break;
	case CXCursor_ForStmt: n = new_node(arena, IR_FOR, c); break;
	case CXCursor_BreakStmt: n = new_node(arena, IR_BREAK, c); break;
	case CXCursor_ContinueStmt: n = new_node(arena, IR_CONTINUE, c); break;
	case CXCursor_ReturnStmt: n = new_node(arena, IR_RETURN, c); break;
	case CXCursor_NullStmt: n = new_node(arena, IR_NULLSTMT, c); break;
	case CXCursor_GotoStmt:
		n = new_node(arena, IR_GOTO, c);
		n->name = cursor_name(arena, clang_getCursorReferenced(c));
		break;
	case CXCursor_LabelStmt:
		n = new_node(arena, IR_LABEL, c);
		n->name = cursor_name(arena, c);
		break;
	case CXCursor_DeclStmt:
		n = new_node(arena, IR_COMPOUND, c);
		if (damage_in(lc, c)) {
			lower_damaged_decls(lc, n, c, &v, depth);
			free(v.items);
			return n;
		}
		break;
	case CXCursor_VarDecl: {
		enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
		unsigned vflags = IRF_VAR;

		n = new_node(arena, IR_DECL, c);
		n->name = cursor_name(arena, c);
		if (sc != CX_SC_Static && sc != CX_SC_Extern) {
			n->flags |= IRF_LOCAL;
			vflags |= IRF_LOCAL;
		}
		if (clang_getCursorType(c).kind == CXType_Pointer) {
			n->flags |= IRF_POINTER;
			vflags |= IRF_POINTER;
		}
		/* keep only the initializer (the last expression child) */
		lower_kids(lc, n, &v, depth);
		if (n->nkids > 1) {
			n->kids[0] = n->kids[n->nkids - 1];
			n->nkids = 1;
		}
		names_declare(lc, n->name, vflags);
		free(v.items);
		return n;
	}
	case CXCursor_CallExpr:
		n = new_node(arena, IR_CALL, c);
		n->name = cursor_name(arena, c);
		if (!*n->name && v.len)
			n->name = callee_spelling(arena, v.items[0]);
		n->flags |= callee_flags(c);
		if (ir_macro_wrapped(n->name) && written_as_macro(c))
			n->flags |= IRF_MACRO_WRAPPED;
		if (returns_disk_pointer(c))
			n->flags |= IRF_DISK_PTR;
		break;
	case CXCursor_DeclRefExpr:
		n = new_node(arena, IR_DECLREF, c);
		n->name = cursor_name(arena, c);
		mark_declref(n, c);
		break;
	case CXCursor_MemberRefExpr:
		n = new_node(arena, IR_MEMBER, c);
		n->name = cursor_name(arena, c);
		n->flags |= IRF_ARROW;
		n->record = member_record(arena, c, &driver_record);
		if (driver_record)
			n->flags |= IRF_DRIVER_RECORD;
		for (unsigned i = 0; i < v.len; i++) {
			if (is_kept_child(v.items[i])) {
				CXType t = clang_getCursorType(v.items[i]);

				if (t.kind != CXType_Pointer && t.kind != CXType_Invalid &&
				    t.kind != CXType_Unexposed)
					n->flags &= ~(unsigned)IRF_ARROW;
				break;
			}
		}
		break;
	case CXCursor_ArraySubscriptExpr: n = new_node(arena, IR_SUBSCRIPT, c); break;
	case CXCursor_UnaryOperator:
		n = new_node(arena, IR_UNARY, c);
		n->op = (int)clang_getCursorUnaryOperatorKind(c);
		break;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		n = new_node(arena, IR_BINARY, c);
		n->op = (int)clang_getCursorBinaryOperatorKind(c);
		if ((n->op == CXBinaryOperator_LT || n->op == CXBinaryOperator_LE ||
		     n->op == CXBinaryOperator_GT || n->op == CXBinaryOperator_GE) && v.len == 2) {
			if (value_unsigned(v.items[0]))
				n->flags |= IRF_LHS_UNSIGNED;
			if (value_unsigned(v.items[1]))
				n->flags |= IRF_RHS_UNSIGNED;
		}
		break;
	case CXCursor_ConditionalOperator: n = new_node(arena, IR_CONDOP, c); break;
	case CXCursor_StringLiteral:
		n = new_node(arena, IR_OTHER, c);
		n->flags |= IRF_STRLIT;
		n->name = cursor_name(arena, c);
		break;
	case CXCursor_StmtExpr: n = new_node(arena, IR_STMTEXPR, c); break;
	case CXCursor_IntegerLiteral: {
		CXEvalResult r = clang_Cursor_Evaluate(c);

		n = new_node(arena, IR_INTLIT, c);
		if (r) {
			if (clang_EvalResult_getKind(r) == CXEval_Int) {
				n->value = clang_EvalResult_getAsLongLong(r);
				n->flags |= IRF_HAS_VALUE;
			}
			clang_EvalResult_dispose(r);
		}
		free(v.items);
		return n;
	}
	default:
		n = new_node(arena, IR_OTHER, c);
		break;
	}
	if (clang_isExpression(k) && clang_getCursorType(c).kind == CXType_Pointer)
		n->flags |= IRF_POINTER;
	lower_kids(lc, n, &v, depth);
	if (k == CXCursor_ForStmt) {
		if (n->nkids >= 4)
			n->flags |= IRF_FOR_INIT | IRF_FOR_COND | IRF_FOR_INC;
		/* two clauses of which one is a test and the other not: the test
		 * is the condition, the other the init before it or the step
		 * after it (for (i = n; i-- > 0; ), for (; i < n; i++)) */
		else if (n->nkids == 3 && is_test_expr(n->kids[1]) && !is_test_expr(n->kids[0]))
			n->flags |= IRF_FOR_INIT | IRF_FOR_COND;
		else if (n->nkids == 3 && is_test_expr(n->kids[0]) && !is_test_expr(n->kids[1]))
			n->flags |= IRF_FOR_COND | IRF_FOR_INC;
		/* otherwise the missing clauses are unknown: the CFG treats
		 * every non-body kid as a non-refining head expression */
	}
	free(v.items);
	return n;
}

struct top_ctx {
	struct lowered_file *out;
	CXTranslationUnit tu;
	CXFile main_file;
	const struct parse_damage *damage;
	size_t cap;
	size_t cap_globals;
	size_t cap_header;
};

/* The field name and value of one designated initializer ".name = value"
 * (libclang shows it as an expression whose children are a MemberRef per
 * designator and the value). */
static void lower_field_init(struct lower_ctx *lc, CXCursor c, struct ir_field_init *fi)
{
	struct ir_arena *arena = lc->arena;
	struct cursor_vec v = { 0 };

	clang_visitChildren(c, collect_child, &v);
	for (unsigned i = 0; i < v.len; i++) {
		enum CXCursorKind k = clang_getCursorKind(v.items[i]);

		/* a member of an anonymous union (platform_driver's .remove)
		 * comes after the union's own reference, which has no name */
		if (k == CXCursor_MemberRef && (!fi->name || !*fi->name)) {
			fi->name = cursor_name(arena, v.items[i]);
			fi->loc = cursor_loc(v.items[i]);
		} else if (is_kept_child(v.items[i])) {
			fi->value = lower(lc, v.items[i], 1);
		}
	}
	free(v.items);
}

/* The tokens from a file-scope declaration's start to its ';' (at most 16
 * KiB of text): its extent stops before an initializer clang dropped. */
static void declaration_tokens(struct lower_ctx *lc, CXCursor c, struct token_run *run)
{
	CXSourceLocation start = clang_getRangeStart(clang_getCursorExtent(c));
	CXFile file = NULL;
	unsigned off = 0, end;
	size_t size = 0;

	memset(run, 0, sizeof(*run));
	clang_getExpansionLocation(start, &file, NULL, NULL, &off);
	if (!file || !clang_getFileContents(lc->tu, file, &size) || off >= size)
		return;
	end = size - off > 16384 ? off + 16384 : (unsigned)size;
	tokens_in(lc, clang_getRange(clang_getLocationForOffset(lc->tu, file, off),
				     clang_getLocationForOffset(lc->tu, file, end)),
		  1, run);
}

static struct ir_global *new_global(struct top_ctx *tc, CXCursor c, CXType t)
{
	struct lowered_file *lf = tc->out;
	struct ir_global *g;
	CXString ts;

	if (lf->nglobals == tc->cap_globals) {
		tc->cap_globals = tc->cap_globals ? tc->cap_globals * 2 : 8;
		lf->globals = xrealloc(lf->globals, tc->cap_globals * sizeof(*lf->globals));
	}
	g = &lf->globals[lf->nglobals++];
	memset(g, 0, sizeof(*g));
	g->name = cursor_name(&lf->arena, c);
	clang_getFileLocation(clang_getCursorLocation(c), NULL, &g->loc.line, &g->loc.col, NULL);
	t = clang_getUnqualifiedType(t);
	ts = clang_getTypeSpelling(t);
	g->type = ir_strdup(&lf->arena, clang_getCString(ts) ? clang_getCString(ts) : "");
	clang_disposeString(ts);
	return g;
}

/* "= { .name = value, ... }" of a struct whose type clang does not know
 * (no headers): the designated fields, rebuilt from the tokens. */
static void rebuild_global(struct top_ctx *tc, struct lower_ctx *lc, CXCursor c, CXType t)
{
	struct token_run run;
	struct rebuild_names rn;
	size_t i = 0, close;
	struct ir_global *g;
	int depth = 0;

	declaration_tokens(lc, c, &run);
	while (i < run.n && strcmp(run.t[i].text, "="))
		i++;
	if (i + 1 >= run.n || strcmp(run.t[i + 1].text, "{")) {
		token_run_free(&run);
		return;
	}
	for (close = i + 1; close < run.n; close++) {
		if (!strcmp(run.t[close].text, "{") || !strcmp(run.t[close].text, "("))
			depth++;
		else if ((!strcmp(run.t[close].text, "}") || !strcmp(run.t[close].text, ")")) &&
			 --depth == 0)
			break;
	}
	g = new_global(tc, c, t);
	g->fields = ir_alloc(lc->arena, (run.n ? run.n : 1) * sizeof(*g->fields));
	for (size_t k = i + 2; k + 3 < close + 1 && k < close;) {
		size_t end = k;

		depth = 0;
		for (; end < close; end++) {
			const char *x = run.t[end].text;

			if (!strcmp(x, "{") || !strcmp(x, "(") || !strcmp(x, "["))
				depth++;
			else if (!strcmp(x, "}") || !strcmp(x, ")") || !strcmp(x, "]"))
				depth--;
			else if (depth == 0 && !strcmp(x, ","))
				break;
		}
		if (end - k >= 4 && !strcmp(run.t[k].text, ".") && run.t[k + 1].kind == RT_IDENT &&
		    !strcmp(run.t[k + 2].text, "=")) {
			struct ir_field_init *fi = &g->fields[g->nfields++];

			fi->name = run.t[k + 1].text;
			fi->loc = run.t[k + 1].loc;
			fi->value = rebuild_expression(lc->arena, run.t + k + 3, end - k - 3,
						       names_of(lc, &rn));
		}
		k = end + 1;
	}
	token_run_free(&run);
}

static void lower_global(struct top_ctx *tc, CXCursor c)
{
	struct lowered_file *lf = tc->out;
	struct cursor_vec v = { 0 }, inits = { 0 };
	CXCursor list = clang_getNullCursor();
	struct ir_global *g;
	struct lower_ctx lc = { .arena = &lf->arena, .tu = tc->tu, .damage = tc->damage };
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	unsigned unnamed = 0;

	if (t.kind != CXType_Record)
		return;
	clang_visitChildren(c, collect_child, &v);
	for (unsigned i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.items[i]) == CXCursor_InitListExpr)
			list = v.items[i];
	free(v.items);
	if (clang_Cursor_isNull(list)) {
		if (damage_in(&lc, c) || clang_Type_getSizeOf(t) < 0)
			rebuild_global(tc, &lc, c, t);
		free(lc.names);
		return;
	}
	g = new_global(tc, c, t);
	clang_visitChildren(list, collect_child, &inits);
	g->fields = ir_alloc(&lf->arena, (inits.len ? inits.len : 1) * sizeof(*g->fields));
	for (unsigned i = 0; i < inits.len; i++) {
		struct ir_field_init *fi = &g->fields[g->nfields];

		lower_field_init(&lc, inits.items[i], fi);
		if (fi->name) {
			g->nfields++;
		} else {
			memset(fi, 0, sizeof(*fi));
			unnamed++;
		}
	}
	free(inits.items);
	/* an initializer with an invalid value (a function whose prototype
	 * names a type of another kernel) keeps only clang's semantic form,
	 * without any designator: read them from the tokens instead */
	if (unnamed && !g->nfields) {
		lf->nglobals--;
		rebuild_global(tc, &lc, c, t);
	}
	free(lc.names);
}

/* The driver-local header a static inline function definition outside the
 * main file is written in (arena copy), or NULL: kernel headers and
 * anything not static inline are not the driver's. */
static const char *local_inline_header(struct ir_arena *arena, CXCursor c)
{
	CXFile file = NULL;
	CXString name;
	const char *path, *slash;
	const char *out = NULL;

	if (clang_Cursor_getStorageClass(c) != CX_SC_Static || !clang_Cursor_isFunctionInlined(c))
		return NULL;
	clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	if (!file)
		return NULL;
	name = clang_getFileName(file);
	path = clang_getCString(name);
	if (path && (slash = strrchr(path, '/')) != NULL) {
		char *dir = xstrndup(path, (size_t)(slash - path));

		if (local_include_dir(dir))
			out = ir_strdup(arena, path);
		free(dir);
	} else if (path && *path) {
		out = ir_strdup(arena, path); /* found in the current directory */
	}
	clang_disposeString(name);
	return out;
}

/* A declaration module_exit() writes, expanded in the main file. */
static int is_module_exit_decl(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXString name;
	const char *s;
	int yes;

	if ((k != CXCursor_FunctionDecl && k != CXCursor_VarDecl) ||
	    clang_Location_isFromMainFile(loc))
		return 0;
	name = clang_getCursorSpelling(c);
	s = clang_getCString(name);
	yes = s && (!strcmp(s, "__exittest") || !strcmp(s, "cleanup_module") ||
		    !strncmp(s, "__exitcall_", 11));
	clang_disposeString(name);
	if (yes) {
		CXFile file, main_file;
		CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
		CXString tname = clang_getTranslationUnitSpelling(tu);

		clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
		main_file = clang_getFile(tu, clang_getCString(tname));
		yes = file && main_file && clang_File_isEqual(file, main_file);
		clang_disposeString(tname);
	}
	return yes;
}

/* module_init(fn): a module build writes __inittest() returning fn, a
 * built-in one an __initcall_* variable holding it; both expanded in the
 * main file.  The name of fn, or NULL. */
static enum CXChildVisitResult find_function_ref(CXCursor c, CXCursor parent, CXClientData data)
{
	CXCursor ref;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		ref = clang_getCursorReferenced(c);
		if (clang_getCursorKind(ref) == CXCursor_FunctionDecl) {
			*(CXCursor *)data = ref;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

static const char *module_init_target(struct ir_arena *arena, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXString name;
	const char *s, *out = NULL;
	int yes;

	if ((k != CXCursor_FunctionDecl && k != CXCursor_VarDecl) ||
	    clang_Location_isFromMainFile(loc))
		return NULL;
	name = clang_getCursorSpelling(c);
	s = clang_getCString(name);
	yes = s && ((k == CXCursor_FunctionDecl && !strcmp(s, "__inittest")) ||
		    (k == CXCursor_VarDecl && !strncmp(s, "__initcall_", 11)));
	clang_disposeString(name);
	if (yes) {
		CXFile file, main_file;
		CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
		CXString tname = clang_getTranslationUnitSpelling(tu);
		CXCursor ref = clang_getNullCursor();

		clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
		main_file = clang_getFile(tu, clang_getCString(tname));
		clang_disposeString(tname);
		if (file && main_file && clang_File_isEqual(file, main_file)) {
			clang_visitChildren(c, find_function_ref, &ref);
			if (!clang_Cursor_isNull(ref)) {
				CXString rn = clang_getCursorSpelling(ref);

				out = ir_strdup(arena, clang_getCString(rn));
				clang_disposeString(rn);
			}
		}
	}
	return out;
}

/* Is the cursor written in the main file, counting a definition whose name
 * comes from a macro (static CLOSURE_CALLBACK(cached_dev_free) {...}) by
 * where the macro is expanded? */
static int written_in_main_file(const struct top_ctx *tc, CXCursor c)
{
	CXFile file = NULL, spelled = NULL;

	if (clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return 1;
	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	if (!file || !tc->main_file || !clang_File_isEqual(file, tc->main_file))
		return 0;
	/* a name the driver wrote (a macro argument, or pasted from one:
	 * STORE(__bch_flash_dev) -> __bch_flash_dev_store), not one a kernel
	 * header's macro makes up (module_init()'s __inittest) */
	clang_getSpellingLocation(clang_getCursorLocation(c), &spelled, NULL, NULL, NULL);
	return !spelled || clang_File_isEqual(spelled, tc->main_file) || in_driver_files(c);
}

static enum CXChildVisitResult visit_top(CXCursor c, CXCursor parent, CXClientData data)
{
	struct top_ctx *tc = data;
	struct lowered_file *lf = tc->out;
	struct ir_function *f;
	struct cursor_vec v = { 0 };
	const char *header = NULL;
	struct lower_ctx lc = { .arena = &lf->arena, .tu = tc->tu, .damage = tc->damage };
	int nargs;

	(void)parent;
	if (is_module_exit_decl(c)) {
		CXCursor ref = clang_getNullCursor();

		lf->has_module_exit = 1;
		clang_visitChildren(c, find_function_ref, &ref);
		if (!lf->module_exit && !clang_Cursor_isNull(ref)) {
			CXString rn = clang_getCursorSpelling(ref);

			lf->module_exit = ir_strdup(&lf->arena, clang_getCString(rn));
			clang_disposeString(rn);
		}
		return CXChildVisit_Continue;
	}
	if (!lf->module_init && (lf->module_init = module_init_target(&lf->arena, c)) != NULL)
		return CXChildVisit_Continue;
	/* an invalid declaration (an incomplete struct type) is no definition
	 * for libclang, but its initializer may still be read from the tokens */
	if (clang_getCursorKind(c) == CXCursor_VarDecl && written_in_main_file(tc, c) &&
	    (clang_isCursorDefinition(c) || damage_in(&lc, c))) {
		lower_global(tc, c);
		return CXChildVisit_Continue;
	}
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	if (!written_in_main_file(tc, c)) {
		header = local_inline_header(&lf->arena, c);
		if (!header)
			return CXChildVisit_Continue;
	}
	clang_visitChildren(c, collect_child, &v);
	if (header) {
		if (lf->nheader_funcs == tc->cap_header) {
			tc->cap_header = tc->cap_header ? tc->cap_header * 2 : 8;
			lf->header_funcs = xrealloc(lf->header_funcs,
						    tc->cap_header * sizeof(*lf->header_funcs));
		}
		f = &lf->header_funcs[lf->nheader_funcs];
	} else {
		if (lf->nfuncs == tc->cap) {
			tc->cap = tc->cap ? tc->cap * 2 : 32;
			lf->funcs = xrealloc(lf->funcs, tc->cap * sizeof(*lf->funcs));
		}
		f = &lf->funcs[lf->nfuncs];
	}
	memset(f, 0, sizeof(*f));
	f->name = cursor_name(&lf->arena, c);
	f->header = header;
	f->loc = cursor_loc(c);
	f->returns_void = clang_getResultType(clang_getCursorType(c)).kind == CXType_Void;
	f->is_static = clang_Cursor_getStorageClass(c) == CX_SC_Static;
	nargs = clang_Cursor_getNumArguments(c);
	if (nargs > 0) {
		f->nparams = (unsigned)nargs;
		f->params = ir_alloc(&lf->arena, (size_t)nargs * sizeof(*f->params));
		for (int i = 0; i < nargs; i++) {
			CXCursor p = clang_Cursor_getArgument(c, (unsigned)i);
			unsigned pf = IRF_VAR | IRF_PARAM;

			f->params[i] = cursor_name(&lf->arena, p);
			if (clang_getCursorType(p).kind == CXType_Pointer)
				pf |= IRF_POINTER;
			names_declare(&lc, f->params[i], pf);
		}
	}
	for (unsigned i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.items[i]) == CXCursor_CompoundStmt) {
			CXSourceLocation end = clang_getRangeEnd(clang_getCursorExtent(v.items[i]));

			clang_getExpansionLocation(end, NULL, &f->end_loc.line, &f->end_loc.col, NULL);
			if (f->end_loc.col > 1)
				f->end_loc.col--;
			f->nerrors = (unsigned)damage_in(&lc, v.items[i]);
			f->body = lower(&lc, v.items[i], 0);
		}
	free(v.items);
	free(lc.names);
	if (f->body) {
		if (header)
			lf->nheader_funcs++;
		else
			lf->nfuncs++;
	}
	return CXChildVisit_Continue;
}

static int defines_function(const struct lowered_file *lf, const char *name)
{
	return lowered_function(lf, name) != NULL;
}

/* A call known by its spelling only (no header declares it) is the
 * driver's own when the file defines a function of that name. */
static void mark_driver_callees(const struct lowered_file *lf, struct ir_node *n)
{
	if (!n)
		return;
	if (n->kind == IR_CALL && (n->flags & IRF_UNRESOLVED) && n->name &&
	    defines_function(lf, n->name))
		n->flags |= IRF_CALLEE_DRIVER;
	for (unsigned i = 0; i < n->nkids; i++)
		mark_driver_callees(lf, n->kids[i]);
}

void lower_main_file(CXTranslationUnit tu, struct lowered_file *out)
{
	struct parse_damage damage;
	struct top_ctx tc = { .out = out, .tu = tu, .damage = &damage };
	CXString main_name = clang_getTranslationUnitSpelling(tu);

	tc.main_file = clang_getFile(tu, clang_getCString(main_name));
	clang_disposeString(main_name);

	memset(out, 0, sizeof(*out));
	parse_damage_init(&damage, tu);
	record_cache_reset();
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_top, &tc);
	record_cache_reset();
	if (damage.len) {
		for (size_t i = 0; i < out->nfuncs; i++)
			mark_driver_callees(out, out->funcs[i].body);
		for (size_t i = 0; i < out->nheader_funcs; i++)
			mark_driver_callees(out, out->header_funcs[i].body);
	}
	parse_damage_free(&damage);
}

int lowered_function_index(const struct lowered_file *lf, const char *name)
{
	for (size_t i = 0; name && i < lf->nfuncs; i++)
		if (lf->funcs[i].name && strcmp(lf->funcs[i].name, name) == 0)
			return (int)i;
	return -1;
}

const struct ir_function *lowered_function(const struct lowered_file *lf, const char *name)
{
	int i = lowered_function_index(lf, name);

	if (i >= 0)
		return &lf->funcs[i];
	for (size_t h = 0; name && h < lf->nheader_funcs; h++)
		if (lf->header_funcs[h].name && strcmp(lf->header_funcs[h].name, name) == 0)
			return &lf->header_funcs[h];
	return NULL;
}

unsigned lowered_degraded_functions(const struct lowered_file *lf)
{
	unsigned n = 0;

	for (size_t i = 0; i < lf->nfuncs; i++)
		n += lf->funcs[i].nerrors != 0;
	return n;
}

void lowered_file_free(struct lowered_file *lf)
{
	free(lf->funcs);
	free(lf->globals);
	free(lf->header_funcs);
	ir_arena_free(&lf->arena);
	memset(lf, 0, sizeof(*lf));
}
