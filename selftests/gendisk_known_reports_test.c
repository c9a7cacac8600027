// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_known_reports_test: the guest's reader of
 * vm/known-kernel-reports (gendisk_known_reports.[ch]) on the build
 * host, no VM: the project's own file loads, its records match the
 * report they describe (and the oops after a failed bus_add_driver()
 * only with that failure before it), and malformed files are refused
 * naming the line.  One line per case, "PASS: selftests/known/<case>"
 * or "FAIL: ...: why"; exit 1 if any case failed.
 *
 *   gendisk_known_reports_test FILE    FILE: vm/known-kernel-reports
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gendisk_known_reports.h"

static int failures;

static void result(const char *name, bool ok, const char *why)
{
	if (ok) {
		printf("PASS: selftests/known/%s\n", name);
		return;
	}
	printf("FAIL: selftests/known/%s: %s\n", name, why);
	failures++;
}

/* Load @text from a scratch file: gd_known_load()'s result. */
static int load_text(const char *text, char *err, size_t len)
{
	char path[] = "/tmp/gendisk-known-XXXXXX";
	int fd = mkstemp(path), ret;

	if (fd < 0)
		return -errno;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		ret = -EIO;
	else
		ret = gd_known_load(path, err, len);
	close(fd);
	unlink(path);
	return ret;
}

static const char oops[] =
	"BUG: unable to handle page fault for address: fffffbfff40020ef\n"
	"RIP: 0010:blkdev_put_whole+0x81/0x9f\n"
	" <TASK>\n"
	" bdev_release+0x265/0x2da\n"
	" __fput+0x20e/0x448\n"
	" task_work_run+0x150/0x199\n"
	" </TASK>\n";
static const char bus_fault[] =
	" should_failslab+0xa3/0xe2\n"
	" module_add_driver+0x18b/0x2fa\n"
	" bus_add_driver+0x1f8/0x417\n"
	" driver_register+0x276/0x2f3\n";
static const char init_fault[] =
	" should_failslab+0xa3/0xe2\n"
	" configfs_register_subsystem+0x16/0x2c4\n"
	" null_init+0x199/0x1000 [null_blk]\n";
static const char irq_warn[] =
	"WARNING: CPU: 0 PID: 65 at fs/proc/generic.c:733 remove_proc_entry+0x13b/0x26c\n"
	" <TASK>\n"
	" unregister_irq_proc+0xd9/0x210\n"
	" free_desc+0x6d/0x118\n"
	" vp_find_vqs_msix.isra.0+0x8c3/0x8f9\n"
	" </TASK>\n";

int main(int argc, char **argv)
{
	char err[512] = "", why[700];
	const char *m;
	int ret;

	if (argc != 2) {
		fprintf(stderr, "usage: gendisk_known_reports_test FILE\n");
		return 2;
	}
	ret = gd_known_load(argv[1], err, sizeof(err));
	snprintf(why, sizeof(why), "%s", err);
	result("project-file-loads", !ret, why);

	m = gd_known_match(oops, bus_fault);
	result("oops-after-bus-add-driver-is-known",
	       m && strstr(m, "bus_add_driver()"), "not matched");
	result("oops-after-own-init-failure-is-not",
	       !gd_known_match(oops, init_fault), "matched");
	result("oops-without-fault-is-not", !gd_known_match(oops, ""),
	       "matched");
	m = gd_known_match(irq_warn, "");
	result("irq-warn-is-known", m && strstr(m, "register_irq_proc()"),
	       "not matched");
	result("frame-needs-its-offset",
	       !gd_known_match("unregister_irq_proc remove_proc_entry\n", ""),
	       "a bare name matched");

	ret = load_text("report: a b\nfault: c\nwhy: one\n  two\n\nreport: d\nwhy: x\n",
			err, sizeof(err));
	result("two-records-load", !ret && gd_known_match(" d+0x1/0x2\n", ""),
	       err);
	m = gd_known_match(" a+0x1/0x2\n b+0x1/0x2\n", " c+0x1/0x2\n");
	result("continued-why-joined", m && !strcmp(m, "one two"),
	       m ? m : "not matched");
	ret = load_text("report: a\nframes: b\nwhy: x\n", err, sizeof(err));
	result("unknown-key-refused", ret == -EINVAL && strstr(err, ":2:"),
	       err);
	ret = load_text("report: a\n", err, sizeof(err));
	result("record-without-why-refused", ret == -EINVAL, err);
	ret = load_text("report: a\n  stray\nwhy: x\n", err, sizeof(err));
	result("continuation-outside-why-refused", ret == -EINVAL, err);
	result("nothing-known-after-a-refusal",
	       !gd_known_match(oops, bus_fault), "a record survived");
	ret = gd_known_load("/nonexistent/known", err, sizeof(err));
	result("missing-file-is-enoent", ret == -ENOENT, err);
	return failures ? 1 : 0;
}
