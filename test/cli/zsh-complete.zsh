# Runs zsh's completion system for real and prints what it offers.
#   zsh -f zsh-complete.zsh SCRIPT OUT LINE...
# An interactive zsh in a pseudo-terminal (zpty) loads compinit and SCRIPT (a completion
# function), then each LINE is typed followed by Tab. Every match the completion adds (compadd,
# after matching against what is typed) is appended to the file OUT, and a line `--` after each
# LINE's matches. The terminal is only read for the marker that says a completion has finished.
zmodload zsh/zpty || exit 3
local script=$1 out=$2
shift 2
local setup=$out.setup

# In the interactive shell: no start-up files, completion for SCRIPT, compadd recording what it
# adds, and Tab bound to a widget that completes, then ends the record and prints the marker.
# The marker is printed from variables, so the echo of these lines never contains it.
cat >$setup <<EOF
autoload -Uz compinit && compinit -u -D
source ${(q)script}
compadd() {
  # Calls that only ask (-O, -A, -D) are the completion system's own bookkeeping.
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
    builtin compadd "\$@"
    return
  fi
  local -a __hits
  builtin compadd -A __hits "\$@"
  (( \$#__hits )) && print -rl -- "\${__hits[@]}" >>${(q)out}
  builtin compadd "\$@"
}
record-complete() {
  zle complete-word
  print -r -- -- >>${(q)out}
  local a=COMPLETION b=FINISHED
  print -n -- "<\$a-\$b>"
}
zle -N record-complete
bindkey '^I' record-complete
bindkey '^U' kill-whole-line
a=SETUP b=READY
print -r -- "<\$a-\$b>"
EOF

: >$out
zpty z zsh -f -i || exit 3
zpty -w z "source ${(q)setup}"
zpty -r z junk '*<SETUP-READY>*' || exit 4
for line in "$@"; do
  zpty -w -n z "$line"$'\t'
  zpty -r z junk '*<COMPLETION-FINISHED>*' || exit 5
  zpty -w -n z $'\C-u'
done
zpty -d z
