# Counter, um jogo de teste de desempenho: português.
counter-game-name = Contador
counter-game-description = Um jogo para medir o servidor: cada jogada soma a um total comum.
counter-game-started = Começa um jogo de contador: { $moves } jogadas; { $first } começa.
counter-incremented = { $player } soma { $by }: o total é { $total }.
counter-game-ended = Fim de jogo: { $count ->
        [one] vence { $winners }
       *[other] vencem { $winners }
    }.
counter-add = Somar { $by }
counter-how-much = Quanto soma?
