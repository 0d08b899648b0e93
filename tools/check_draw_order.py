#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Lists random draws whose order the compiler picks.

C leaves unspecified the order in which a call's arguments, the operands of
most binary operators and the elements of an initializer list are evaluated.
So tc_vec3_make(draw(r), draw(r), draw(r)) fills x, y and z from different
draws under gcc and clang, and the two run different random cases. This
reads the AST of every test, tool test, fuzz target and benchmark (clang
-ast-dump=json, flags from compile_commands.json) and prints each call,
operator or initializer list with two or more operands that draw from a
test_rng, bench_rng or fuzz reader. Exit status 1 when it finds any.

    cmake -S . -B build/clang -DCMAKE_C_COMPILER=clang -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
    python3 tools/check_draw_order.py build/clang/compile_commands.json
"""
import json,subprocess,sys,shlex,re
RNG=re.compile(r'\b(test_rng|bench_rng|reader)\s*\*')
SEQ_BIN={'&&','||',','}
def is_draw(n):
    if n.get('kind')!='CallExpr': return False
    for a in n.get('inner',[])[1:]:
        if RNG.search(a.get('type',{}).get('qualType','')): return True
    return False
memo={}
def has_draw(n):
    k=id(n)
    if k in memo: return memo[k]
    r=is_draw(n) or any(has_draw(c) for c in n.get('inner',[]) if isinstance(c,dict))
    memo[k]=r; return r
out=set()
cur={'file':None,'line':None}
def upd(loc):
    if not loc: return
    for key in ('spellingLoc','expansionLoc'):
        if key in loc: upd(loc[key]); 
    if 'file' in loc: cur['file']=loc['file']
    if 'line' in loc: cur['line']=loc['line']
def walk(n):
    if not isinstance(n,dict): return
    r=n.get('range',{})
    upd(n.get('loc'))
    upd(r.get('begin'))
    f,l=cur['file'],cur['line']
    upd(r.get('end'))
    kids=[c for c in n.get('inner',[]) if isinstance(c,dict)]
    kind=n.get('kind')
    ops=None
    if kind=='CallExpr': ops=kids
    elif kind in('BinaryOperator','CompoundAssignOperator') and n.get('opcode') not in SEQ_BIN: ops=kids
    elif kind=='InitListExpr': ops=kids
    if ops is not None:
        c=sum(1 for o in ops if has_draw(o))
        if c>=2: out.add((f,l,kind,n.get('opcode','')))
    for c in kids: walk(c)
db=json.load(open(sys.argv[1]))
for e in db:
    src=e['file']
    if '/src/' in src or '/headers/' in src or '/build/' in src or 'examples' in src or src.endswith('.cpp'): continue
    if 'tools/touche/' in src: continue
    args=shlex.split(e['command'])
    a2=[args[0]]+[x for x in args[1:] if x.startswith(('-I','-D','-std'))]+['-fsyntax-only','-Xclang','-ast-dump=json',src]
    p=subprocess.run(a2,capture_output=True,text=True,cwd=e['directory'])
    if p.returncode: print('cannot parse', src, p.stderr[:300], file=sys.stderr); continue
    memo.clear(); cur['file']=None
    walk(json.loads(p.stdout))
found = 0
for f,l,k,o in sorted(out, key=lambda x:(str(x[0]),x[1])):
    if f and ('/tests/' in f or '/tools/' in f or '/bench/' in f):
        print(f"{f}:{l}: {k} {o} with several draws among its operands")
        found += 1
sys.exit(1 if found else 0)
