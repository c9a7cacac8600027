// SPDX-License-Identifier: GPL-2.0-only
/// Find struct block_device_operations definitions without .owner.
/// The block layer pins the driver module while a disk is open with
/// try_module_get(disk->fops->owner); without .owner = THIS_MODULE the
/// module can be unloaded under an open block device.
/// Patch mode adds .owner = THIS_MODULE as the first member.
/// A file with module_init() and no module_exit() is left alone: the
/// kernel refuses to unload such a module (delete_module() returns -EBUSY
/// unless forced, kernel/module/main.c), so an owner pins nothing.
///
// Confidence: High
// Copyright: (C) 2025 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id fops-owner (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: block_device_operations, owner, THIS_MODULE

virtual patch
virtual context
virtual org
virtual report

@has_owner@
identifier ops;
expression E;
position p;
@@

 struct block_device_operations ops@p = {
	...,
	.owner = E,
	...
 };

@cand@
identifier ops;
position p != has_owner.p;
@@

 struct block_device_operations ops@p = {
	...
 };

// module_init() without module_exit() in the file: a module the kernel
// never unloads (the text is read, since module_init(fn) is often written
// without its semicolon, which no SmPL declarer pattern matches).
@script:python r@
p << cand.p;
@@

import re
with open(p[0].file, errors="replace") as f:
    text = f.read()
if re.search(r"^\s*module_init\s*\(", text, re.M) and \
   not re.search(r"^\s*module_exit\s*\(", text, re.M):
    cocci.include_match(False)

@depends on patch && !context && !org && !report@
identifier cand.ops;
position cand.p;
@@

 struct block_device_operations ops@p = {
+	.owner = THIS_MODULE,
	...
 };

@depends on context && !org && !report@
identifier cand.ops;
position cand.p;
@@

* struct block_device_operations ops@p = {...};

@script:python depends on org@
p << cand.p;
ops << cand.ops;
@@

cocci.print_main("%s has no .owner" % ops, p)

@script:python depends on report@
p << cand.p;
ops << cand.ops;
@@

msg = "WARNING: block_device_operations '%s' has no .owner = THIS_MODULE: the module can be unloaded while a disk is open [fops-owner]" % ops
coccilib.report.print_report(p[0], msg)
