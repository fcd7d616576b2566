# bash completion for pml: commands, each command's options and the values
# of --sched, --units, --by, --group, --format, --render and --races, and
# after `pml help` the commands and --man.  The options and values
# are read from `pml COMMAND --help`, so they follow the installed pml.
_pml()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local pml=${COMP_WORDS[0]}
    if [ "$COMP_CWORD" -eq 1 ]; then
        local cmds
        cmds=$("$pml" help 2>/dev/null | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p')
        COMPREPLY=($(compgen -W "$cmds help --help --version" -- "$cur"))
        return
    fi
    if [ "$COMP_CWORD" -eq 2 ] && [ "${COMP_WORDS[1]}" = help ]; then
        local cmds
        cmds=$("$pml" help 2>/dev/null | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p')
        COMPREPLY=($(compgen -W "$cmds --man" -- "$cur"))
        return
    fi
    local help
    help=$("$pml" "${COMP_WORDS[1]}" --help 2>/dev/null) || return
    case $prev in
        --sched)
            # "--sched POLICY,...  scheduling policies, of df|bf|ws"
            local pols
            pols=$(printf '%s\n' "$help" | sed -n 's/.*--sched .* of \([a-z|]*\).*/\1/p' | tr '|' ' ')
            COMPREPLY=($(compgen -W "$pols" -- "${cur##*,}"))
            [ "${cur%,*}" != "$cur" ] && COMPREPLY=("${COMPREPLY[@]/#/${cur%,*},}")
            return ;;
        --units|--by|--group|--format|--render|--races)
            local vals
            vals=$(printf '%s\n' "$help" | sed -n "s/.*$prev \([a-z|]*|[a-z|]*\).*/\1/p" | tr '|' ' ')
            COMPREPLY=($(compgen -W "$vals" -- "$cur"))
            return ;;
        -o|--plot|--profile|--witness)
            COMPREPLY=($(compgen -f -- "$cur"))
            return ;;
    esac
    if [[ $cur == -* ]]; then
        local opts
        opts=$(printf '%s\n' "$help" | grep -o -- '--[a-z][a-z-]*\|^  -[a-zA-Z]' | sed 's/^ *//' | sort -u)
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -X '!*.@(pml|csv)' -- "$cur") $(compgen -d -- "$cur"))
    fi
}
shopt -s extglob 2>/dev/null
complete -o filenames -F _pml pml
