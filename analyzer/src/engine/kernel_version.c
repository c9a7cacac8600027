/* Kernel version detection and the version-dependent API conventions. */
#include "kernel_version.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int kernel_version_parse(const char *s)
{
	int a = 0, b = 0, c = 0;
	char tail = 0;

	if (sscanf(s, "%d.%d.%d%c", &a, &b, &c, &tail) == 3 ||
	    (c = 0, sscanf(s, "%d.%d%c", &a, &b, &tail) == 2)) {
		if (a >= 2 && a < 100 && b >= 0 && b < 256 && c >= 0)
			return KERNEL_VERSION_CODE(a, b, c > 255 ? 255 : c);
	}
	return 0;
}

void lint_target_set(struct lint_target *t, int code)
{
	t->version_code = code;
	if (code)
		snprintf(t->version, sizeof(t->version), "%d.%d", code >> 16, (code >> 8) & 0xff);
	else
		t->version[0] = '\0';
}

static int version_from_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	int code = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		long v;

		if (sscanf(line, "#define LINUX_VERSION_CODE %ld", &v) == 1) {
			code = (int)v;
			break;
		}
	}
	fclose(f);
	return code;
}

struct inclusion_search {
	int code;
};

static void visit_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct inclusion_search *s = data;
	CXString name;
	const char *n;

	(void)stack;
	(void)depth;
	if (s->code)
		return;
	name = clang_getFileName(file);
	n = clang_getCString(name);
	if (n) {
		size_t len = strlen(n);
		static const char suffix[] = "generated/uapi/linux/version.h";

		if (len >= sizeof(suffix) - 1 && strcmp(n + len - (sizeof(suffix) - 1), suffix) == 0)
			s->code = version_from_file(n);
	}
	clang_disposeString(name);
}

int kernel_version_of_tu(CXTranslationUnit tu, const struct string_list *flags)
{
	struct inclusion_search s = { 0 };

	if (tu)
		clang_getInclusions(tu, visit_inclusion, &s);
	for (size_t i = 0; !s.code && flags && i + 1 < flags->len; i++) {
		if (strcmp(flags->items[i], "-I") == 0) {
			char *p = xasprintf("%s/generated/uapi/linux/version.h", flags->items[i + 1]);

			s.code = version_from_file(p);
			free(p);
		}
	}
	return s.code;
}

enum alloc_convention alloc_convention_for(const struct lint_target *t, const char *allocator)
{
	if (strcmp(allocator, "blk_mq_alloc_disk") == 0)
		return ALLOC_RETURNS_ERR_PTR;
	if (strcmp(allocator, "blk_alloc_disk") == 0) {
		if (!t->version_code)
			return ALLOC_RETURNS_EITHER;
		return t->version_code >= KERNEL_VERSION_CODE(6, 9, 0) ? ALLOC_RETURNS_ERR_PTR
								       : ALLOC_RETURNS_NULL;
	}
	return ALLOC_RETURNS_NULL; /* alloc_disk, alloc_disk_node, blk_mq_alloc_disk_for_queue */
}

enum alloc_convention alloc_convention_of_call(const struct lint_target *t,
					      const struct ir_node *call)
{
	const char *name = ir_call_name(call);

	/* known by its spelling only: the generation of the API the driver was
	 * written for shows in the argument count, whatever the headers are */
	if ((call->flags & IRF_UNRESOLVED) && strcmp(name, "blk_alloc_disk") == 0)
		return ir_call_nargs(call) >= 2 ? ALLOC_RETURNS_ERR_PTR : ALLOC_RETURNS_NULL;
	return alloc_convention_for(t, name);
}

int add_disk_returns_int(const struct lint_target *t)
{
	return !t->version_code || t->version_code >= KERNEL_VERSION_CODE(5, 15, 0);
}
