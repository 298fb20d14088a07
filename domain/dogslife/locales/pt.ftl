# Vida de Cão (2001): português. Sem regras em português; termos traduzidos do italiano e do inglês, de modo
# coerente (glossary.md).
dogslife-game-name = Vida de Cão
dogslife-game-description = Sê um cão de rua na cidade: encontra ossos, pede comida nos restaurantes, entrega jornais, faz xixi nos postes e foge da carrocinha. Ganha o primeiro cão a enterrar os seus ossos.
dogslife-silent = { "" }

## Opções.
dogslife-option-bone_target = Ossos para vencer
dogslife-option-bone_target-description = Quantos ossos um cão tem de enterrar no seu abrigo para vencer. Com muitos jogadores são permitidos menos, para que os 30 ossos cheguem.
dogslife-option-timed_minutes = Limite de tempo (minutos)
dogslife-option-timed_minutes-description = Partida cronometrada: passados estes minutos, vence o cão com mais ossos enterrados. Deixe 0 para jogar sem limite de tempo.
dogslife-option-timed_rounds = Limite de rodadas
dogslife-option-timed_rounds-description = Partida cronometrada: passadas estas rodadas completas, vence o cão com mais ossos enterrados. Deixe 0 para jogar sem limite de rodadas.
dogslife-option-route_deadline_seconds = Tempo para escolher o caminho da carrocinha (segundos)
dogslife-option-route_deadline_seconds-description = Quanto tempo um jogador tem para escolher para onde a carrocinha vira num cruzamento; depois o caminho é sorteado. Com 0 é sempre sorteado logo.
dogslife-option-action_deadline_seconds = Tempo para as ações do cão (segundos)
dogslife-option-action_deadline_seconds-description = Quanto tempo um jogador tem para as ações do seu cão; depois as ações terminam. Com 0 não há limite.
dogslife-option-dog_assignment = Cães
dogslife-option-dog_assignment-description = Se cada jogador recebe um cão ao acaso ou escolhe um, à vez.
dogslife-option-dog_assignment-random = Sorteados
dogslife-option-dog_assignment-choose = Escolhidos pelos jogadores
dogslife-option-first_seat = Primeiro jogador
dogslife-option-first_seat-description = O lugar que joga primeiro, contando a partir de 0; deixe vazio para o sortear.

## Os cães e as suas cartas.
dogslife-dog-shepherd = Pastor-Alemão
dogslife-dog-boxer = Boxer
dogslife-dog-poodle = Poodle
dogslife-dog-foxterrier = Fox Terrier
dogslife-dog-husky = Husky Siberiano
dogslife-dog-labrador = Labrador

## Os lugares do tabuleiro: os edifícios pelo número, as casas de rua pelo que lá está e pelas coordenadas.
dogslife-den = o abrigo { $number }
dogslife-house = a casa { $number }
dogslife-restaurant = o restaurante { $number }
dogslife-kiosk = a banca de jornais
dogslife-pound = o canil
dogslife-street = a rua { $column }-{ $row }
dogslife-trash-can = a lixeira { $column }-{ $row }
dogslife-lamppost = o poste { $column }-{ $row }
dogslife-fountain = a fonte { $column }-{ $row }
dogslife-cell = { $column }-{ $row }
dogslife-heading-east = para leste
dogslife-heading-west = para oeste
dogslife-heading-north = para norte
dogslife-heading-south = para sul

## O que um cão carrega.
dogslife-a-bone = um osso
dogslife-a-newspaper = um jornal
dogslife-the-bone = o osso
dogslife-newspaper-for = um jornal para { $house }
dogslife-the-newspaper-for = o jornal para { $house }
dogslife-bones = { $count ->
        [one] { $count } osso
       *[other] { $count } ossos
    }
dogslife-newspapers = { $count ->
        [one] { $count } jornal
       *[other] { $count } jornais
    }

## O que diz uma carta tirada.
dogslife-result-shuffle = a carta de baralhar
dogslife-result-claws = { $count ->
        [one] { $count } garra
       *[other] { $count } garras
    }
dogslife-result-food = { $days ->
        [one] { $days } dia de comida
       *[other] { $days } dias de comida
    }
dogslife-result-bone = um osso
dogslife-result-nothing = nada
dogslife-result-escaped = escapou
dogslife-result-caught = apanhado
dogslife-result-leave = sai
dogslife-result-stay = fica

## Eventos.
dogslife-game-started = Começa Vida de Cão com { $players } jogadores: vence o primeiro cão a enterrar { $target ->
        [one] { $target } osso
       *[other] { $target } ossos
    }.
dogslife-dog-assigned = { $player } joga com o { $dog }.
dogslife-den-assigned = { $player } fica com { $den }.
dogslife-deck-shuffled = { $player } baralha o seu monte.
dogslife-deck-reshuffled = { $player } volta a baralhar as { $cards } cartas do seu monte.
dogslife-stack-shuffled = A pilha de jornais é baralhada.
dogslife-first-player = { $player } joga primeiro.
dogslife-turn-started = Rodada { $round }: vez de { $player }.
dogslife-hunger-dropped = O cão de { $player } fica com fome (fome { $hunger } de { $most }).
dogslife-dog-starved = O cão de { $player } está faminto e exausto.
dogslife-items-dropped = O cão de { $player } deixa { $items } ({ $space }).
dogslife-items-dropped-and-returned = O cão de { $player } deixa { $items } ({ $space }); { $returned ->
        [one] { $returned } jornal volta
       *[other] { $returned } jornais voltam
    } para a pilha.
dogslife-newspapers-returned = { $returned ->
        [one] { $returned } jornal de { $player } volta
       *[other] { $returned } jornais de { $player } voltam
    } para a pilha.
dogslife-sent-to-pound-hunger = O cão de { $player } deixa { $space } e vai para o canil: está faminto.
dogslife-sent-to-pound-truck = O cão de { $player } deixa { $space } e vai para o canil: foi apanhado pela carrocinha.
dogslife-sent-to-pound-fight = O cão de { $player } deixa { $space } e vai para o canil: perdeu a luta.
dogslife-card-drawn-trash = { $player } tira { $card } ao revirar o lixo: { $result }.
dogslife-card-drawn-restaurant = { $player } tira { $card } ao pedir comida: { $result }.
dogslife-card-drawn-newspaper = { $player } tira { $card } pela entrega: { $result }.
dogslife-card-drawn-attack = { $player } tira { $card } na luta: { $result }.
dogslife-card-drawn-escape = { $player } tira { $card } para fugir da carrocinha: { $result }.
dogslife-card-drawn-pound = { $player } tira { $card } no canil: { $result }.
dogslife-stayed-in-pound = O cão de { $player } fica no canil (espaço { $track } da trilha do canil).
dogslife-left-pound = O cão de { $player } sai do canil.
dogslife-actions-started = { $player } tem { $points ->
        [one] { $points } ponto de ação
       *[other] { $points } pontos de ação
    }.
dogslife-dog-moved = { $player } vai para { $space } (pontos de ação restantes: { $left }).
dogslife-lamppost-sniffed = { $player } cheira o xixi de { $owner } ({ $lamppost }) e tem de parar.
dogslife-actions-ended-ap = { $player } não tem mais pontos de ação.
dogslife-actions-ended-timeout = Acabou o tempo de { $player } para agir.
dogslife-actions-ended-lost-fight = { $player } perdeu a luta, e a vez.
dogslife-actions-ended-ended = { $player } termina as suas ações.
dogslife-nothing-found-no-slot = { $player } não tem espaço livre para carregar o osso.
dogslife-nothing-found-no-bone-left = Não resta nenhum osso na reserva para { $player }.
dogslife-food-found = O cão de { $player } come { $days ->
        [one] { $days } dia de comida
       *[other] { $days } dias de comida
    } (fome { $hunger } de { $most }).
dogslife-bone-found = { $player } pega o osso.
dogslife-trash-day = Dia do lixo! Todas as lixeiras menos { $kept } podem ser reviradas de novo.
dogslife-newspaper-taken = { $player } pega { $item } na banca de jornais.
dogslife-newspaper-delivered = { $player } entrega o jornal para { $house }.
dogslife-item-picked-up = { $player } pega { $item } ({ $space }).
dogslife-item-dropped = { $player } deixa cair { $item } ({ $space }).
dogslife-bone-buried = { $player } enterra um osso no seu abrigo ({ $buried } enterrados).
dogslife-bladder-filled = O cão de { $player } bebe (bexiga { $bladder }, reserva { $reserve }).
dogslife-lamppost-marked = { $player } marca { $lamppost } com xixi.
dogslife-lamppost-marked-over = { $player } marca { $lamppost } com xixi, por cima da marca de { $owner }.
dogslife-attack-declared = { $player } ataca { $target }.
dogslife-fight-tied = A luta: { $attacker ->
        [one] { $attacker } garra
       *[other] { $attacker } garras
    } contra { $defender }, empate.
dogslife-fight-won = A luta: { $attacker ->
        [one] { $attacker } garra
       *[other] { $attacker } garras
    } contra { $defender }; vence { $winner }.
dogslife-truck-rolled = A carrocinha tira { $value } no dado ({ $routes ->
        [one] { $routes } caminho possível
       *[other] { $routes } caminhos possíveis
    }).
dogslife-route-chosen-seat = O jogador manda a carrocinha por { $route }.
dogslife-route-chosen-server = O caminho da carrocinha é sorteado: { $route }.
dogslife-route-chosen-forced = A carrocinha só tem um caminho: { $route }.
dogslife-truck-moved = A carrocinha vai de { $start } até { $end }.
dogslife-truck-moved-heading = A carrocinha vai de { $start } até { $end }, { $heading }.
dogslife-dog-caught = A carrocinha apanha o cão de { $player } ({ $space }).
dogslife-escape-escaped = O cão de { $player } foge da carrocinha.
dogslife-escape-caught = O cão de { $player } é apanhado.
dogslife-turn-ended = A vez de { $player } termina.
dogslife-time-expired = Acabou o tempo: a rodada joga-se até ao fim.
dogslife-sudden-death = Morte súbita: continuam só { $players }, empatados em ossos enterrados; vence o primeiro deles a enterrar um osso.
dogslife-won-target = Vence { $player }: o seu cão enterrou os ossos de que precisava.
dogslife-won-tiebreak = Vence { $player }: o seu cão enterrou o primeiro osso da morte súbita.
dogslife-won-time = Vence { $player }: quando acabou o tempo, o seu cão tinha mais ossos enterrados.

## Jogadas e escolhas.
dogslife-which-dog = Com que cão joga?
dogslife-choose-dog = Jogar com o { $dog }
dogslife-truck-where = Para onde vai a carrocinha?
dogslife-route-choose = Escolher o caminho
dogslife-route-any = Sortear o caminho
dogslife-route = Mandar a carrocinha por { $route }
dogslife-truck-turns = Para onde vira a carrocinha?
dogslife-via = Por { $street }
dogslife-what-to-do = O que faz o seu cão?
dogslife-where-to = Para onde vai o seu cão?
dogslife-whom-to-attack = Que cão ataca?
dogslife-what-to-pick-up = O que pega o seu cão?
dogslife-what-to-drop = O que deixa cair o seu cão?
dogslife-action-move = Andar
dogslife-action-attack = Atacar um cão
dogslife-action-pickup = Pegar algo
dogslife-action-drop = Deixar cair algo
dogslife-move = Ir para { $space }
dogslife-search = Revirar a lixeira
dogslife-beg = Pedir comida ({ $restaurant })
dogslife-take-newspaper = Pegar um jornal
dogslife-deliver = Entregar o jornal para { $house }
dogslife-pick-up = Pegar { $item }
dogslife-drop = Deixar cair { $item }
dogslife-drop-from-slot = Deixar cair { $item } do espaço { $slot }
dogslife-bury = Enterrar um osso no seu abrigo
dogslife-drink = Beber na fonte
dogslife-pee = Fazer xixi no poste
dogslife-pee-over = Fazer xixi no poste, por cima da marca de { $owner }
dogslife-attack = Atacar { $target } ({ $dog })
dogslife-end-actions = Terminar as suas ações

## As cartas, como impressas: a raça do cão e o número da carta; a carta 0 é a carta de baralhar.
dogslife-card-gs00 = Pastor-Alemão: carta de baralhar
dogslife-card-gs01 = Pastor-Alemão 1
dogslife-card-gs02 = Pastor-Alemão 2
dogslife-card-gs03 = Pastor-Alemão 3
dogslife-card-gs04 = Pastor-Alemão 4
dogslife-card-gs05 = Pastor-Alemão 5
dogslife-card-gs06 = Pastor-Alemão 6
dogslife-card-gs07 = Pastor-Alemão 7
dogslife-card-gs08 = Pastor-Alemão 8
dogslife-card-gs09 = Pastor-Alemão 9
dogslife-card-gs10 = Pastor-Alemão 10
dogslife-card-gs11 = Pastor-Alemão 11
dogslife-card-gs12 = Pastor-Alemão 12
dogslife-card-bx00 = Boxer: carta de baralhar
dogslife-card-bx01 = Boxer 1
dogslife-card-bx02 = Boxer 2
dogslife-card-bx03 = Boxer 3
dogslife-card-bx04 = Boxer 4
dogslife-card-bx05 = Boxer 5
dogslife-card-bx06 = Boxer 6
dogslife-card-bx07 = Boxer 7
dogslife-card-bx08 = Boxer 8
dogslife-card-bx09 = Boxer 9
dogslife-card-bx10 = Boxer 10
dogslife-card-bx11 = Boxer 11
dogslife-card-bx12 = Boxer 12
dogslife-card-po00 = Poodle: carta de baralhar
dogslife-card-po01 = Poodle 1
dogslife-card-po02 = Poodle 2
dogslife-card-po03 = Poodle 3
dogslife-card-po04 = Poodle 4
dogslife-card-po05 = Poodle 5
dogslife-card-po06 = Poodle 6
dogslife-card-po07 = Poodle 7
dogslife-card-po08 = Poodle 8
dogslife-card-po09 = Poodle 9
dogslife-card-po10 = Poodle 10
dogslife-card-po11 = Poodle 11
dogslife-card-po12 = Poodle 12
dogslife-card-ft00 = Fox Terrier: carta de baralhar
dogslife-card-ft01 = Fox Terrier 1
dogslife-card-ft02 = Fox Terrier 2
dogslife-card-ft03 = Fox Terrier 3
dogslife-card-ft04 = Fox Terrier 4
dogslife-card-ft05 = Fox Terrier 5
dogslife-card-ft06 = Fox Terrier 6
dogslife-card-ft07 = Fox Terrier 7
dogslife-card-ft08 = Fox Terrier 8
dogslife-card-ft09 = Fox Terrier 9
dogslife-card-ft10 = Fox Terrier 10
dogslife-card-ft11 = Fox Terrier 11
dogslife-card-ft12 = Fox Terrier 12
dogslife-card-hu00 = Husky Siberiano: carta de baralhar
dogslife-card-hu01 = Husky Siberiano 1
dogslife-card-hu02 = Husky Siberiano 2
dogslife-card-hu03 = Husky Siberiano 3
dogslife-card-hu04 = Husky Siberiano 4
dogslife-card-hu05 = Husky Siberiano 5
dogslife-card-hu06 = Husky Siberiano 6
dogslife-card-hu07 = Husky Siberiano 7
dogslife-card-hu08 = Husky Siberiano 8
dogslife-card-hu09 = Husky Siberiano 9
dogslife-card-hu10 = Husky Siberiano 10
dogslife-card-hu11 = Husky Siberiano 11
dogslife-card-hu12 = Husky Siberiano 12
dogslife-card-lb00 = Labrador: carta de baralhar
dogslife-card-lb01 = Labrador 1
dogslife-card-lb02 = Labrador 2
dogslife-card-lb03 = Labrador 3
dogslife-card-lb04 = Labrador 4
dogslife-card-lb05 = Labrador 5
dogslife-card-lb06 = Labrador 6
dogslife-card-lb07 = Labrador 7
dogslife-card-lb08 = Labrador 8
dogslife-card-lb09 = Labrador 9
dogslife-card-lb10 = Labrador 10
dogslife-card-lb11 = Labrador 11
dogslife-card-lb12 = Labrador 12
