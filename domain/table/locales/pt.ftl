# As palavras da mesa (todos os jogos): português.
table-player-number = Jogador { $number }
table-choose-move = Escolha a sua jogada
table-bot-name = { $dog } { $level }
table-bot-random = Aleatório
table-bot-greedy = Guloso
table-bot-easy = Fácil
table-bot-medium = Médio
table-bot-hard = Difícil
table-opened = Abre-se uma nova mesa de { $game } com { $seats } lugares ({ $bots ->
        [0] sem robôs
        [one] um robô
       *[other] { $bots } robôs
    }).
table-seat-claimed = { $player } ocupa um lugar.
table-abandoned-unfilled = Ninguém completou a mesa em { $seconds ->
        [one] um segundo
       *[other] { $seconds } segundos
    }: o jogo foi abandonado.
table-abandoned-too-long = O jogo chegou a { $limit } eventos e foi abandonado.
table-seed-revealed = A semente secreta foi revelada: agora qualquer pessoa pode verificar o jogo.
table-clock-started = O relógio de { $player } está a correr: { $seconds ->
        [one] um segundo
       *[other] { $seconds } segundos
    } para decidir.
table-clock-stopped = O relógio de { $player } para com { $seconds ->
        [one] um segundo
       *[other] { $seconds } segundos
    } de sobra.
table-clock-expired = O tempo de { $player } acabou: um robô decide esta jogada.
table-seat-absent = { $player } esgotou o tempo { $times ->
        [one] uma vez
       *[other] { $times } vezes seguidas
    }: um robô joga por esse jogador até que volte.
table-seat-returned = { $player } está de volta.
table-seat-resigned = { $player } desiste: um robô continua a jogar no seu lugar, e fica em último.
table-seat-forfeited = { $player } perde por tempo: um robô continua a jogar no seu lugar, e não pode vencer.
table-vacation-started = { $player } está de férias: o seu relógio fica parado até { $days ->
        [one] um dia
       *[other] { $days } dias
    }.
table-vacation-ended = { $player } voltou de férias: o seu relógio volta a correr.
table-bot-replaced = O robô de { $player } falhou { $failures } vezes seguidas: { $fallback } joga no seu lugar a partir de agora.
table-winners = { $count ->
        [one] Vencedor: { $winners }
       *[other] Vencedores: { $winners }
    }
table-undo = Desfazer { $moves ->
        [one] a sua última jogada
       *[other] as suas últimas { $moves } jogadas
    }
table-undone = { $player } desfaz jogadas: o jogo volta à versão { $version }.
table-undo-asked = { $player } pede para desfazer jogadas até à versão { $version }: todos os outros jogadores têm de aceitar.
table-undo-accepted = { $player } aceita desfazer.
table-undo-declined = { $player } recusa desfazer.
table-undo-accept = Aceitar desfazer de { $player } (até à versão { $version })
table-undo-decline = Recusar desfazer de { $player }
