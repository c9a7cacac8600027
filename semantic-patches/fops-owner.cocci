// SPDX-License-Identifier: GPL-2.0-only
/// Find struct block_device_operations definitions without .owner.
/// The block layer pins the driver module while a disk is open with
/// try_module_get(disk->fops->owner); without .owner = THIS_MODULE the
/// module can be unloaded under an open block device.
/// Patch mode adds .owner = THIS_MODULE as the first member.
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

@depends on patch && !context && !org && !report@
identifier ops;
position p != has_owner.p;
@@

 struct block_device_operations ops@p = {
+	.owner = THIS_MODULE,
	...
 };

@r depends on !patch@
identifier ops;
position p != has_owner.p;
@@

 struct block_device_operations ops@p = {
	...
 };

@depends on context && !org && !report@
identifier r.ops;
position r.p;
@@

* struct block_device_operations ops@p = {...};

@script:python depends on org@
p << r.p;
ops << r.ops;
@@

cocci.print_main("%s has no .owner" % ops, p)

@script:python depends on report@
p << r.p;
ops << r.ops;
@@

msg = "WARNING: block_device_operations '%s' has no .owner = THIS_MODULE: the module can be unloaded while a disk is open [fops-owner]" % ops
coccilib.report.print_report(p[0], msg)
