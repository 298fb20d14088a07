# DOGS, o jogo do canil: português do Brasil (termos do manual, 6ª edição).
dogs-game-name = DOGS
dogs-game-description = Administre um canil: dirija sua pick-up pela cidade e pelo campo para resgatar cães, tratar os doentes, gerenciar ração, remédios, combustível e moedas, e ter o canil mais bem administrado da cidade.
dogs-nothing = { "" }

## Opções.
dogs-option-start_player = Jogador Inicial
dogs-option-start_player-description = O lugar que começa a primeira rodada; vazio para um sorteio.

## Coisas: raças, cartas, boxes, espaços, baias, cores, estoques.
dogs-breed-beagle = Beagle
dogs-breed-mutt = Vira-Lata
dogs-breed-rottweiler = Rottweiler
dogs-breed-bulldog = Bulldog
dogs-breed-golden = Golden Retriever
dogs-breed-yorkshire = Yorkshire
dogs-breed-border-collie = Border Collie
dogs-breed-labrador = Labrador
dogs-breed-dalmatian = Dálmata
dogs-breed-german-shepherd = Pastor Alemão
dogs-breed-poodle = Poodle
dogs-breed-saint-bernard = São Bernardo
dogs-card-food-1 = Ração ×1
dogs-card-food-2 = Ração ×2
dogs-card-food-3 = Ração ×3
dogs-card-medicine-1 = Medicamentos ×1
dogs-card-medicine-2 = Medicamentos ×2
dogs-card-medicine-3 = Medicamentos ×3
dogs-card-gas-1 = Gasolina ×1
dogs-card-gas-2 = Gasolina ×2
dogs-card-gas-3 = Gasolina ×3
dogs-card-coins-1 = Moedas ×1
dogs-card-coins-2 = Moedas ×2
dogs-card-coins-3 = Moedas ×3
dogs-card-receive-dog = Receba 1 cão
dogs-card-trained-dog = Cão Adestrado
dogs-card-veterinarian = Veterinário
dogs-card-dog-swap = Troca de cães
dogs-card-discount = Desconto
dogs-card-prize-dog = Cão Premiado
dogs-card-helper = Ajudante
dogs-card-free-entry = Entrada Livre
dogs-card-copy = { $card } ({ $number } de { $of })
dogs-box-city-hall = Prefeitura
dogs-box-warehouse = Armazém
dogs-box-pet-shop = Pet Shop
dogs-box-vet = Veterinário
dogs-box-fair = Feira de Cães
dogs-space-center = espaço central
dogs-space-c1 = espaço 1 da cidade
dogs-space-c2 = espaço 2 da cidade
dogs-space-c3 = espaço 3 da cidade
dogs-space-c4 = espaço 4 da cidade
dogs-space-c5 = espaço 5 da cidade
dogs-space-c6 = espaço 6 da cidade
dogs-space-c7 = espaço 7 da cidade
dogs-space-c8 = espaço 8 da cidade
dogs-space-k1 = espaço 1 do campo
dogs-space-k2 = espaço 2 do campo
dogs-space-k3 = espaço 3 do campo
dogs-space-k4 = espaço 4 do campo
dogs-space-k5 = espaço 5 do campo
dogs-space-k6 = espaço 6 do campo
dogs-space-k7 = espaço 7 do campo
dogs-space-k8 = espaço 8 do campo
dogs-pen-b1 = primeira baia
dogs-pen-b2 = segunda baia
dogs-pen-a2 = baia de 2 pontos
dogs-pen-a3 = baia de 3 pontos
dogs-pen-a5 = baia de 5 pontos
dogs-colour-blue = azul
dogs-colour-yellow = amarelo
dogs-colour-green = verde
dogs-colour-red = vermelho
dogs-group-city = da cidade
dogs-group-country = do campo
dogs-amount-coins = { $count ->
        [one] 1 moeda
       *[other] { $count } moedas
    }
dogs-amount-food = { $count ->
        [one] 1 ficha de ração
       *[other] { $count } fichas de ração
    }
dogs-amount-medicine = { $count ->
        [one] 1 ficha de medicamento
       *[other] { $count } fichas de medicamento
    }
dogs-amount-gas = { $count ->
        [one] 1 ficha de gasolina
       *[other] { $count } fichas de gasolina
    }

## Cães.
dogs-dog = { $breed }
dogs-dog-lost = { $breed } perdido
dogs-dog-sick = { $breed } doente
dogs-blocker = ficha de bloqueio
dogs-breed-count = { $count ->
        [one] { $breed }
       *[other] { $breed } ×{ $count }
    }
dogs-dog-on-space = { $dog } no { $space }
dogs-dog-in-pen = { $dog } da { $pen }
dogs-dog-in-pen-copy = { $dog } da { $pen } ({ $number } de { $of })
dogs-dog-numbered = { $dog } ({ $number } de { $of })

## O que acontece.
dogs-game-created = Começa uma partida de Dogs com { $count } jogadores: { $colours }.
dogs-seat-colour = { $player } fica com o canil { $colour }
dogs-breeds-removed = Voltam para a caixa: { $breeds }.
dogs-all-breeds-in-play = As doze raças estão em jogo.
dogs-lost-dogs-removed = { $count ->
        [one] 1 cão perdido é retirado com a face para baixo, sem ser visto.
       *[other] { $count } cães perdidos são retirados com a face para baixo, sem serem vistos.
    }
dogs-cards-removed = Ficam fora do jogo: { $cards }.
dogs-starting-resources = Cada canil começa com { $resources }.
dogs-supply-shuffled = Os cães { $group } são embaralhados ({ $count ->
        [one] 1 ficha
       *[other] { $count } fichas
    }).
dogs-board-filled = O tabuleiro é abastecido com { $count ->
        [one] 1 ficha nova
       *[other] { $count } fichas novas
    } (cães perdidos: { $lost }; cães doentes: { $sick }; fichas de bloqueio: { $blockers }).
dogs-board-refilled = Os espaços vazios do tabuleiro são repostos com { $count ->
        [one] 1 ficha nova
       *[other] { $count } fichas novas
    } (cães perdidos: { $lost }; cães doentes: { $sick }; fichas de bloqueio: { $blockers }).
dogs-fair-deck-shuffled = As cartas da Feira de Cães são embaralhadas.
dogs-fair-card-revealed = A carta da Feira de Cães mostra { $breeds }.
dogs-card-deck-shuffled = As { $count } cartas de ação são embaralhadas.
dogs-box-cards-dealt = Cartas nos boxes de ação: { $boxes }.
dogs-cards-at-box = { $box } ({ $cards })
dogs-start-player-chosen = { $player } é o Jogador Inicial.
dogs-round-started = Começa a rodada { $round }.
dogs-trucks-set-out = Fase 1: as pick-ups partem do espaço central para recolher cães.
dogs-income-paid = Cada canil recebe { $coins }.
dogs-gas-bought = { $player } compra { $gas } por { $coins }.
dogs-card-played = { $player } joga a carta { $card }.
dogs-dogs-swapped = { $player } troca de posição os cães do { $first } e do { $second }.
dogs-blocker-returned = Sai uma ficha de bloqueio; ela volta para os cães { $group }.
dogs-dog-drawn = { $player } pega um cão do estoque { $group }: { $dog }.
dogs-lost-dog-delivered = O { $dog } perdido é entregue à Feira de Cães; { $player } recebe { $reward }.
dogs-lost-dog-delivered-unrewarded = O { $dog } perdido é entregue à Feira de Cães (sem recompensa).
dogs-truck-moved = { $player } vai do { $start } ao { $end } ({ $gas }).
dogs-dog-collected = { $player } recolhe um cão no { $space }: { $dog }.
dogs-truck-returned = { $player } é o { $order }º a voltar ao canil.
dogs-return-bonus = { $player } recebe { $amount } como bônus de volta.
dogs-return-bonus-capped = { $player } recebe { $amount } como bônus de volta ({ $lost } perdida: a garagem guarda no máximo { $cap }).
dogs-stayed-home = { $player } fica no canil.
dogs-last-round-supply-short = A rodada { $round } será a última: os cães { $group } não bastam para repor o tabuleiro.
dogs-last-round-all-stayed-home = A rodada { $round } será a última: nenhuma pick-up saiu.
dogs-last-round-all-blockers-out = A rodada { $round } será a última: as seis fichas de bloqueio estão no tabuleiro.
dogs-kennel-arranged = { $player } redistribui o canil: { $pens }{ $sick ->
        [0] {""}
        [one] ; 1 cão doente na enfermaria
       *[other] ; { $sick } cães doentes na enfermaria
    }.
dogs-kennel-arranged-giving = { $player } redistribui o canil: { $pens }{ $sick ->
        [0] {""}
        [one] ; 1 cão doente na enfermaria
       *[other] ; { $sick } cães doentes na enfermaria
    }. Para doar: { $gifts }.
dogs-pen-holds = { $pen } ({ $dogs })
dogs-pen-empty = { $pen } (vazia)
dogs-every-pen-empty = todas as baias vazias
dogs-full-pen-bonus = A { $pen } de { $player } está cheia com a mesma raça: 1 moeda de bônus.
dogs-donation-offered = { $donor } doa um cão a { $player }: { $dog }.
dogs-donation-declined = { $player } recusa o cão: { $dog }.
dogs-donation-no-room = { $player } não tem espaço para o cão: { $dog }.
dogs-donation-accepted = { $player } acolhe o cão: { $dog }.
dogs-donation-accepted-sick = { $player } acolhe o cão doente na enfermaria: { $dog }.
dogs-donated-to-fair = Nenhum canil acolhe o cão de { $donor } ({ $dog }): ele é doado para a Feira de Cães.
dogs-phase-started = Fase { $phase }: { $phase ->
        [1] recolher os cães
        [2] ações
       *[other] final (ração e salários)
    }.
dogs-meeple-placed = { $player } coloca um meeple no box { $box }.
dogs-meeple-placed-taking = { $player } coloca um meeple no box { $box } e pega a carta { $card }.
dogs-meeple-placed-free = { $player } coloca um meeple no box { $box } (Entrada Livre).
dogs-resource-gained = { $player } recebe { $amount }.
dogs-resource-gained-capped = { $player } recebe { $amount } ({ $lost } perdida: a garagem guarda no máximo { $cap }).
dogs-card-kept = { $player } guarda a carta { $card } para depois.
dogs-pen-built = { $player } ativa a { $pen } por { $coins }.
dogs-resources-swapped = { $player } troca { $give } por { $take }.
dogs-supplies-bought = { $player } compra { $goods } por { $coins }.
dogs-dog-cured = { $player } cura um cão e o coloca na { $pen }: { $dog }.
dogs-dog-sold = { $player } vende um cão à Feira de Cães por { $coins }: { $dog }.
dogs-dog-bought = { $player } compra um cão da Feira de Cães por { $coins } e o coloca na { $pen }: { $dog }.
dogs-dog-swapped-at-fair = { $player } troca seu { $given } pelo { $taken } da Feira e o coloca na { $pen }.
dogs-action-skipped = { $player } não faz a ação do box { $box }.
dogs-dog-fell-sick = { $player } não alimenta a { $pen }: o { $dog } adoece e vai para a enfermaria.
dogs-dog-sent-to-fair = { $player } não alimenta a { $pen } e a enfermaria está lotada: o { $dog } é doado à Feira.
dogs-pens-fed = { $player } alimenta: { $pens } ({ $count ->
        [one] 1 ficha de ração
       *[other] { $count } fichas de ração
    }).
dogs-salary-paid-coin = { $player } paga 1 moeda de salário ao ajudante.
dogs-salary-paid-card = { $player } paga o salário do ajudante com a carta { $card }.
dogs-helper-rehired-coin = { $player } recontrata o ajudante por 1 moeda.
dogs-helper-rehired-card = { $player } recontrata o ajudante com a carta { $card }.
dogs-helper-lost = { $player } não paga o salário e perde o ajudante.
dogs-helper-not-rehired = { $player } continua sem ajudante.
dogs-box-cards-discarded = { $count ->
        [one] A carta que sobrou nos boxes vai para o descarte.
       *[other] As { $count } cartas que sobraram nos boxes vão para o descarte.
    }
dogs-card-deck-reshuffled = O descarte é reembaralhado numa nova pilha de compras de { $count ->
        [one] 1 carta
       *[other] { $count } cartas
    }.
dogs-fair-card-rotated = A nova carta da Feira de Cães mostra { $breeds }.
dogs-blockers-collected = { $count ->
        [one] A ficha de bloqueio do tabuleiro volta para o seu grupo.
       *[other] As { $count } fichas de bloqueio do tabuleiro voltam para os seus grupos.
    }
dogs-start-player-passed = { $player } será o Jogador Inicial da próxima rodada.
dogs-final-scores = Pontuação final: { $scores }.
dogs-score = { $player } { $points }
dogs-game-ended = Fim do jogo: { $count ->
        [one] vence { $winners }.
       *[other] vencem { $winners }, empatados.
    }
dogs-game-ended-removed = Fim do jogo: { $count ->
        [one] vence { $winners }.
       *[other] vencem { $winners }, empatados.
    } Os cães perdidos retirados na preparação eram: { $removed }.

## Jogadas.
dogs-buy-gas = Comprar { $gas } por { $coins }
dogs-buy-no-gas = Não comprar gasolina
dogs-play-dog-swap = Jogar { $card }: trocar de posição o { $first } e o { $second }
dogs-play-receive-dog = Jogar { $card }: pegar um cão do estoque { $group }
dogs-move-truck = Ir até o { $dog } ({ $gas })
dogs-return-home = Voltar ao canil
dogs-return-home-bonus = Voltar ao canil e pegar { $bonus }
dogs-stay-home = Ficar no canil
dogs-arrange-kennel = Redistribuir o canil: { $layout }{ $gifts }{ $vet }
dogs-giving = ; doar { $gifts }
dogs-giving-none = { "" }
dogs-playing = ; jogar { $card }
dogs-playing-none = { "" }
dogs-accept-donation = Acolher o cão ({ $dog }): { $layout }
dogs-accept-donation-sick = Acolher o cão doente na enfermaria: { $dog }
dogs-decline-donation = Recusar o cão: { $dog }
dogs-place-meeple = Colocar um meeple no box { $box }
dogs-place-meeple-taking = Colocar um meeple no box { $box } e pegar { $card }
dogs-place-meeple-free = Colocar um meeple no box { $box } com { $card }
dogs-skip-action = Não fazer a ação do box { $box }
dogs-build-pen = Ativar a { $pen } por { $coins }
dogs-build-pen-discount = Ativar a { $pen } por { $coins } com { $card }
dogs-swap-resources = Trocar { $give } por { $take }
dogs-buy-supplies = Comprar { $goods } por { $coins }
dogs-cure-dogs = Curar: { $cures }
dogs-cure-into = { $dog } para a { $pen }
dogs-sell-dog = Vender o { $dog } por { $coins }
dogs-sell-dog-bonus = Vender o { $dog } com { $cards } por { $coins }
dogs-buy-dog = Comprar o { $dog } da Feira para a { $pen } por { $coins }
dogs-swap-at-fair = Trocar o { $given } pelo { $taken } da Feira, para a { $pen }
dogs-feed-every-pen = Alimentar todas as baias
dogs-leave-unfed = Deixar sem ração: { $fates }
dogs-unfed-falls-sick = o { $dog } da { $pen } adoece
dogs-unfed-to-fair = o { $dog } da { $pen } vai para a Feira de Cães
dogs-let-helper-go = Perder o ajudante
dogs-leave-helper-unhired = Continuar sem ajudante
dogs-pay-helper-coin = Pagar 1 moeda ao ajudante
dogs-rehire-helper-coin = Recontratar o ajudante por 1 moeda
dogs-pay-helper-card = Pagar o ajudante com { $card }
dogs-rehire-helper-card = Recontratar o ajudante com { $card }

## Escolhas: perguntas e respostas.
dogs-ask-gas = Quanta gasolina você compra?
dogs-choice-gas = { $coins ->
        [0] Nenhuma gasolina
        [one] 1 moeda: { $gas }
       *[other] { $coins } moedas: { $gas }
    }
dogs-ask-truck = Sua vez com a pick-up: o que você faz?
dogs-choice-play = Jogar { $card }
dogs-ask-swap-first = Qual cão você troca de posição?
dogs-ask-swap-second = Trocar o { $first } com qual cão?
dogs-choice-dog-on-space = { $dog } no { $space }
dogs-ask-supply = De qual estoque você pega um cão?
dogs-choice-supply = Estoque { $group }
dogs-choice-drive = Mover a pick-up
dogs-ask-destination = Para onde você vai?
dogs-ask-bonus = Qual ficha você recebe como bônus de volta?
dogs-choice-bonus = { $bonus }
dogs-ask-vet = Jogar uma carta Veterinário, para pôr os cães doentes da pick-up direto nas baias?
dogs-choice-no-vet = Nenhuma carta
dogs-ask-arrange = Redistribua seu canil
dogs-ask-dog-place = Para onde vai o { $dog }?
dogs-choice-pen = Para a { $pen }
dogs-choice-give-away = Doar
dogs-ask-sick-dog = A enfermaria acomoda seis: o { $dog } doente fica?
dogs-choice-keep-sick = Fica na enfermaria
dogs-ask-donation = { $donor } doa um cão para você ({ $dog }): você o acolhe?
dogs-choice-take-in = Acolher
dogs-ask-box = Em qual box de ação você coloca seu meeple?
dogs-choice-box = Box { $box }
dogs-ask-card = Qual carta você pega no box { $box }?
dogs-choice-take-card = Pegar { $card }
dogs-choice-free-entry = Entrar com { $card }, sem pegar carta
dogs-choice-no-card = Não pegar carta
dogs-ask-action = O que você faz no box { $box }?
dogs-choice-give = Entregar { $give }
dogs-ask-take = O que você pega por { $give }?
dogs-choice-take = Pegar { $take }
dogs-choice-buy-supplies = Comprar ração e medicamentos
dogs-ask-supplies-coins = Quantas moedas você gasta?
dogs-choice-spend = { $count ->
        [one] Gastar 1 moeda
       *[other] Gastar { $count } moedas
    }
dogs-ask-food = Com { $coins } você compra { $tokens } fichas: quantas de ração? O resto é de medicamento.
dogs-choice-food = { $food } de ração, { $medicine }
dogs-choice-cure = Curar cães doentes
dogs-ask-cure = Para onde vai o { $dog } doente?
dogs-choice-sell = Vender um cão
dogs-ask-sell = Qual cão você vende?
dogs-choice-dog = O { $dog }
dogs-ask-bonus-card = Usar { $card } nesta venda (+{ $coins })?
dogs-choice-add-card = Usar
dogs-choice-keep-card = Guardar
dogs-choice-buy = Comprar um cão ({ $coins })
dogs-ask-buy = Qual cão da Feira você compra?
dogs-choice-fair-dog = O { $dog } da Feira
dogs-ask-pen = Em qual baia fica o { $dog }?
dogs-choice-swap-at-fair = Trocar um cão com a Feira
dogs-ask-give-dog = Qual dos seus cães você entrega?
dogs-ask-take-dog = Qual cão da Feira você pega pelo { $dog }?
dogs-ask-feeding = Alimente seus cães
dogs-ask-feed = Você alimenta a { $pen }?
dogs-choice-feed = Alimentar
dogs-choice-unfed-sick = Não: o { $dog } adoece
dogs-choice-unfed-fair = Não: o { $dog } vai para a Feira de Cães
dogs-ask-salary = O salário do seu ajudante

## Quando cada carta especial pode ser jogada, e o que faz.
dogs-card-receive-dog-when = na sua vez da fase 1, com a pick-up fora
dogs-card-receive-dog-effect = pegue 1 cão do estoque da cidade ou do campo para a sua pick-up
dogs-card-trained-dog-when = junto com uma venda na Feira de Cães
dogs-card-trained-dog-effect = +1 moeda nessa venda
dogs-card-veterinarian-when = ao organizar o canil no fim da fase 1
dogs-card-veterinarian-effect = os cães doentes da sua pick-up vão direto para as baias, saudáveis
dogs-card-dog-swap-when = na sua vez da fase 1, antes da sua ação
dogs-card-dog-swap-effect = troque de lugar quaisquer dois cães do tabuleiro
dogs-card-discount-when = com a ação da Prefeitura
dogs-card-discount-effect = ative uma baia por 1 moeda em vez de 2
dogs-card-prize-dog-when = junto com uma venda na Feira de Cães
dogs-card-prize-dog-effect = +2 moedas nessa venda
dogs-card-helper-when = fase 3, na hora do salário
dogs-card-helper-effect = paga o salário do ajudante (ou o recontrata) no lugar de 1 moeda
dogs-card-free-entry-when = ao colocar um meeple na fase 2
dogs-card-free-entry-effect = coloque um meeple num box cheio; não pegue carta
